// CIDR parsing shared by the node IPAM rules.

export interface Cidr {
  family: 4 | 6;
  /** Prefix length. */
  bits: number;
}

function parseIPv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((p) => /^[0-9]{1,3}$/.test(p) && Number(p) <= 255);
}

function parseIPv6(text: string): boolean {
  let s = text;
  let groups = 0;
  const last = s.lastIndexOf(':');
  if (s.includes('.')) {
    // an IPv4 tail counts as two groups
    if (last < 0 || !parseIPv4(s.slice(last + 1))) return false;
    s = s.slice(0, last + 1) + '0:0';
  }
  const halves = s.split('::');
  if (halves.length > 2) return false;
  const group = /^[0-9a-fA-F]{1,4}$/;
  for (const half of halves) {
    if (half === '') continue;
    const gs = half.split(':');
    if (!gs.every((g) => group.test(g))) return false;
    groups += gs.length;
  }
  return halves.length === 2 ? groups <= 7 : groups === 8;
}

/** Parses `address/prefix` the way the platform does (leading zeros in IPv4 octets accepted); undefined when invalid. */
export function parseCidr(text: string): Cidr | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) return undefined;
  const addr = text.slice(0, slash);
  const prefix = text.slice(slash + 1);
  if (!/^[0-9]{1,3}$/.test(prefix)) return undefined;
  const bits = Number(prefix);
  if (!addr.includes(':') && parseIPv4(addr)) return bits <= 32 ? { family: 4, bits } : undefined;
  if (addr.includes(':') && parseIPv6(addr)) return bits <= 128 ? { family: 6, bits } : undefined;
  return undefined;
}

export const FAMILY = { 4: 'IPv4', 6: 'IPv6' } as const;
