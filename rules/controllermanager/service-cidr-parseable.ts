import { defineRule } from '../../src/define-rule.js';
import { bool, obj, str } from '../../src/services/values.js';
import { serviceCidrs } from './_service-cidrs.js';

export default defineRule({
  id: 'controllermanager/service-cidr-parseable',
  kinds: ['PlatControllerManagerConfiguration'],
  meta: {
    description: 'The service CIDRs read by the node IPAM controller are valid CIDRs.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'With `AllocateNodeCIDRs: true` the node IPAM controller keeps the service ranges out of the node ranges it hands out. A service range that does not parse is not refused: the controller logs a warning and ignores it, so service addresses may be handed to nodes. (Without node range allocation the fields are not read.)',
      remediation: 'Write each range as `address/prefix`, such as `10.96.0.0/12` or `fd00:10:96::/112`.',
      spec: '3-config-and-payload-types.md#controller-manager-configuration (NodeIPAM: ServiceCIDR, SecondaryServiceCIDR)',
    },
  },
  check(value, ctx) {
    const doc = obj(value);
    const ipam = obj(doc?.NodeIPAMController);
    if (ipam === undefined || bool(obj(doc?.PlatCloudShared)?.AllocateNodeCIDRs) !== true) return;
    if ((str(ipam.ServiceCIDR) ?? '').split(',').length > 2) return; // refused: controllermanager/service-cidrs-valid
    const { primary, secondary } = serviceCidrs(ipam);
    for (const entry of [primary, secondary]) {
      if (entry === undefined || entry.cidr !== undefined) continue;
      ctx.report(['NodeIPAMController', entry.field], `\`${entry.text.trim()}\` is not a CIDR, so the node IPAM controller ignores it; write one such as \`10.96.0.0/12\``);
    }
  },
});
