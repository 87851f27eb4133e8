import { defineRule } from '../../src/define-rule.js';
import { obj, str } from '../../src/services/values.js';

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

export default defineRule({
  id: 'controllermanager/service-cidrs-valid',
  kinds: ['PlatControllerManagerConfiguration'],
  meta: {
    description: 'The service CIDRs of the node IPAM controller are valid CIDRs, the secondary one of the other IP family.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The node IPAM controller keeps service addresses out of the ranges it hands to nodes. A range that does not parse is ignored with only a log warning, so its addresses may be handed to nodes; the secondary service CIDR exists for dual-stack clusters, so it must be of the other IP family than the primary one, and with `AllocateNodeCIDRs: true` the node IPAM controller refuses to start otherwise.',
      remediation: 'Write each range as `address/prefix` (`10.96.0.0/12`, `fd00:10:96::/112`), with one IPv4 and one IPv6 range when both are set.',
      spec: '3-config-and-payload-types.md#controller-manager-configuration (NodeIPAM: ServiceCIDR, SecondaryServiceCIDR)',
    },
  },
  check(value, ctx) {
    const ipam = obj(obj(value)?.NodeIPAMController);
    if (ipam === undefined) return;
    const base = ['NodeIPAMController'];
    const parsed: Partial<Record<'ServiceCIDR' | 'SecondaryServiceCIDR', Cidr>> = {};
    for (const field of ['ServiceCIDR', 'SecondaryServiceCIDR'] as const) {
      const text = str(ipam[field]);
      if (text === undefined || text.trim() === '') continue;
      const cidr = parseCidr(text.trim());
      if (cidr === undefined) ctx.report([...base, field], `${field} \`${text}\` is not a CIDR; write an address and a prefix length, such as \`10.96.0.0/12\``);
      else parsed[field] = cidr;
    }
    const first = parsed.ServiceCIDR;
    const second = parsed.SecondaryServiceCIDR;
    if (first && second && first.family === second.family)
      ctx.report(
        [...base, 'SecondaryServiceCIDR'],
        `SecondaryServiceCIDR is ${FAMILY[second.family]}, like ServiceCIDR; the secondary service CIDR must be of the other IP family (${FAMILY[first.family === 4 ? 6 : 4]})`,
        { related: [{ path: [...base, 'ServiceCIDR'], message: `ServiceCIDR is ${FAMILY[first.family]}` }] },
      );
  },
});
