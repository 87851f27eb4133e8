/**
 * Node.js's `net.isIP`, without Node.js: 4 for a dotted-decimal IPv4 address (no leading zeros, each part at
 * most 255), 6 for an IPv6 address (groups of one to four hex digits, at most one `::`, an IPv4 address in place
 * of the last two groups, an optional `%zone` of letters, digits, `-`, `.` and `:`), 0 for anything else.
 * test/ip-address.test.ts compares it with `net.isIP` on a table of cases and on generated strings.
 */

const V4_PART = /^(?:0|[1-9][0-9]{0,2})$/;
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;
const ZONE = /^[0-9a-zA-Z.:-]+$/;

function isIPv4(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => V4_PART.test(p) && Number(p) <= 255);
}

/** The groups an IPv6 part (around a `::`, or the whole address) stands for, or -1 when it is not one; `last` allows an IPv4 tail. */
function groups(part: string, last: boolean): number {
  if (part === '') return 0;
  const items = part.split(':');
  let n = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (HEX_GROUP.test(item)) n += 1;
    else if (last && i === items.length - 1 && isIPv4(item)) n += 2;
    else return -1;
  }
  return n;
}

function isIPv6(s: string): boolean {
  const percent = s.indexOf('%');
  if (percent >= 0 && !ZONE.test(s.slice(percent + 1))) return false;
  const address = percent >= 0 ? s.slice(0, percent) : s;
  const gap = address.indexOf('::');
  if (gap < 0) return groups(address, true) === 8;
  // one `::` only (`:::` holds two)
  if (address.indexOf('::', gap + 1) >= 0) return false;
  const head = groups(address.slice(0, gap), false);
  const tail = groups(address.slice(gap + 2), true);
  // `::` stands for at least one group
  return head >= 0 && tail >= 0 && head + tail <= 7;
}

/** 4, 6 or 0, as `net.isIP` of Node.js. */
export function isIP(s: string): 0 | 4 | 6 {
  if (isIPv4(s)) return 4;
  return isIPv6(s) ? 6 : 0;
}
