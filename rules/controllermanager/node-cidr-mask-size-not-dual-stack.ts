import { defineRule } from '../../src/define-rule.js';
import { bool, num, obj, str } from '../../src/services/values.js';
import { parseCidr } from './_cidr.js';

export default defineRule({
  id: 'controllermanager/node-cidr-mask-size-not-dual-stack',
  kinds: ['PlatControllerManagerConfiguration'],
  meta: {
    description: '`NodeCIDRMaskSize` is not set for a dual-stack cluster, which uses the per-family mask sizes.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'With an IPv4 and an IPv6 cluster CIDR, one mask size cannot fit both families; when it allocates node ranges (`AllocateNodeCIDRs: true`), the node IPAM controller refuses `NodeCIDRMaskSize` for a dual-stack cluster.',
      remediation: 'Remove `NodeCIDRMaskSize` and set `NodeCIDRMaskSizeIPv4` and `NodeCIDRMaskSizeIPv6` instead.',
      spec: '3-config-and-payload-types.md#controller-manager-configuration (NodeIPAM: NodeCIDRMaskSize, NodeCIDRMaskSizeIPv4, NodeCIDRMaskSizeIPv6)',
    },
  },
  check(value, ctx) {
    const doc = obj(value);
    const size = num(obj(doc?.NodeIPAMController)?.NodeCIDRMaskSize);
    if (size === undefined || size === 0) return;
    const shared = obj(doc?.PlatCloudShared);
    if (bool(shared?.AllocateNodeCIDRs) !== true) return; // node ranges are allocated only then
    const cluster = str(shared?.ClusterCIDR);
    if (cluster === undefined) return;
    const families = new Set(cluster.split(',').map((p) => parseCidr(p.trim())?.family));
    if (families.has(4) && families.has(6))
      ctx.report(['NodeIPAMController', 'NodeCIDRMaskSize'], 'NodeCIDRMaskSize is set, but the cluster is dual-stack; use NodeCIDRMaskSizeIPv4 and NodeCIDRMaskSizeIPv6', {
        target: 'key',
        related: [{ path: ['PlatCloudShared', 'ClusterCIDR'], message: 'the cluster CIDR has an IPv4 and an IPv6 range' }],
      });
  },
});
