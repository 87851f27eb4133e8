import { defineRule } from '../../src/define-rule.js';
import { bool, obj, str } from '../../src/services/values.js';
import { FAMILY } from './_cidr.js';
import { serviceCidrs } from './_service-cidrs.js';

export default defineRule({
  id: 'controllermanager/service-cidrs-valid',
  kinds: ['PlatControllerManagerConfiguration'],
  meta: {
    description: '`ServiceCIDR` holds at most two ranges, and the primary and secondary service CIDRs are of different IP families.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The node IPAM controller keeps service addresses out of the ranges it hands to nodes. `ServiceCIDR` may hold a dual-stack pair separated by a comma (the second becomes the secondary service CIDR); the controller manager refuses more than two entries (kube-controller-manager options/nodeipamcontroller.go). The secondary service CIDR exists for dual-stack clusters: with `AllocateNodeCIDRs: true` the node IPAM controller refuses a primary and secondary of the same IP family, and the controller manager exits. (A range that does not parse is only logged and ignored: controllermanager/service-cidr-parseable.)',
      remediation: 'Write one range, or an IPv4 and an IPv6 range (`10.96.0.0/12,fd00:10:96::/112`).',
      spec: '3-config-and-payload-types.md#controller-manager-configuration (NodeIPAM: ServiceCIDR, SecondaryServiceCIDR)',
    },
  },
  check(value, ctx) {
    const doc = obj(value);
    const ipam = obj(doc?.NodeIPAMController);
    if (ipam === undefined) return;
    const base = ['NodeIPAMController'];
    const text = str(ipam.ServiceCIDR);
    const entries = text === undefined ? [] : text.split(',');
    if (entries.length > 2) {
      ctx.report([...base, 'ServiceCIDR'], `ServiceCIDR has ${entries.length} comma-separated entries; it holds at most two (one IPv4 and one IPv6 range)`);
      return;
    }
    if (bool(obj(doc?.PlatCloudShared)?.AllocateNodeCIDRs) !== true) return; // the node IPAM controller reads them only then
    const { primary, secondary } = serviceCidrs(ipam);
    if (primary?.cidr && secondary?.cidr && primary.cidr.family === secondary.cidr.family)
      ctx.report(
        [...base, secondary.field],
        `the secondary service CIDR is ${FAMILY[secondary.cidr.family]}, like the primary one; it must be of the other IP family (${FAMILY[primary.cidr.family === 4 ? 6 : 4]})`,
        { related: [{ path: [...base, primary.field], message: `the primary service CIDR is ${FAMILY[primary.cidr.family]}` }] },
      );
  },
});
