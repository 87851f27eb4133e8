import { defineRule } from '../../src/define-rule.js';
import type { Path } from '../../src/path.js';
import { bool, num, obj, str } from '../../src/services/values.js';
import { FAMILY, parseCidr, type Cidr } from './_cidr.js';

/** Widest split of an IPv6 cluster range into node ranges the allocator accepts: 16 bits (IPv4 ranges have no such limit). */
const MAX_DIFF_IPV6 = 16;

export default defineRule({
  id: 'controllermanager/node-cidr-mask-size-range',
  kinds: ['PlatControllerManagerConfiguration'],
  meta: {
    description: 'Node CIDR mask sizes fit their IP family and the cluster CIDR of that family.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'With `AllocateNodeCIDRs: true` each node gets a range of the node mask size cut from the cluster CIDR: the size is at most 32 for IPv4 and 128 for IPv6 and at least the prefix length of the cluster range, and for an IPv6 cluster range at most 16 bits longer than it (the allocator tracks node ranges in a bitmap). The node IPAM controller refuses to start with a size shorter than the cluster prefix or too far beyond an IPv6 one. The cloud allocator (`CIDRAllocatorType: CloudAllocator`) takes node ranges from the cloud provider, so the sizes are not compared with the cluster CIDR then.',
      remediation:
        'Choose a mask size at least the prefix length of the cluster CIDR (and, for IPv6, at most 16 more than it), such as `24` for a `/16` IPv4 range or `64` for a `/56` IPv6 range.',
      spec: '3-config-and-payload-types.md#controller-manager-configuration (NodeIPAM: NodeCIDRMaskSize, NodeCIDRMaskSizeIPv4, NodeCIDRMaskSizeIPv6)',
    },
  },
  check(value, ctx) {
    const doc = obj(value);
    const ipam = obj(doc?.NodeIPAMController);
    if (ipam === undefined) return;
    const shared = obj(doc?.PlatCloudShared);
    // the node ranges are cut from the cluster CIDR only when the controller manager allocates them
    // the cloud allocator takes node ranges from the cloud provider and does not compare them with the cluster CIDR
    const allocates = bool(shared?.AllocateNodeCIDRs) === true && str(shared?.CIDRAllocatorType) !== 'CloudAllocator';
    const cluster = (allocates ? (str(shared?.ClusterCIDR) ?? '') : '')
      .split(',')
      .map((p) => parseCidr(p.trim()))
      .filter((c): c is Cidr => c !== undefined);
    const single = cluster.length === 1 ? cluster[0] : undefined;
    const check = (field: string, family: 4 | 6 | undefined) => {
      const size = num(ipam[field]);
      if (size === undefined || size === 0) return; // 0: the default of the family
      const path: Path = ['NodeIPAMController', field];
      const max = family === 4 ? 32 : 128;
      if (size < 0 || size > max) {
        ctx.report(path, `${field} is ${size}; it must be between 1 and ${max}${family ? ` for an ${FAMILY[family]} cluster` : ''}`);
        return;
      }
      const range = cluster.find((c) => c.family === family);
      if (range === undefined) return;
      const rel = [{ path: ['PlatCloudShared', 'ClusterCIDR'], message: `the ${FAMILY[range.family]} cluster CIDR is a /${range.bits}` }];
      if (size < range.bits)
        ctx.report(path, `${field} is ${size}, shorter than the /${range.bits} ${FAMILY[range.family]} cluster CIDR; a node range is cut from the cluster range`, { related: rel });
      else if (range.family === 6 && size - range.bits > MAX_DIFF_IPV6)
        ctx.report(path, `${field} is ${size}, ${size - range.bits} bits longer than the /${range.bits} IPv6 cluster CIDR; for IPv6 the maximum difference is ${MAX_DIFF_IPV6}`, {
          related: rel,
        });
    };
    check('NodeCIDRMaskSize', single?.family);
    check('NodeCIDRMaskSizeIPv4', 4);
    check('NodeCIDRMaskSizeIPv6', 6);
  },
});
