import { defineRule } from '../../src/define-rule.js';
import { obj, str } from '../../src/services/values.js';
import { FAMILY, parseCidr, type Cidr } from './_cidr.js';

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
