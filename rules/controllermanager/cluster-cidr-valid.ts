import { defineRule } from '../../src/define-rule.js';
import { bool, obj, str } from '../../src/services/values.js';
import { FAMILY, parseCidr } from './_cidr.js';

export default defineRule({
  id: 'controllermanager/cluster-cidr-valid',
  kinds: ['CloudControllerManagerConfiguration', 'PlatControllerManagerConfiguration'],
  meta: {
    description: 'When node ranges are allocated, `ClusterCIDR` is one CIDR, or two CIDRs of different IP families separated by a comma.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'With `AllocateNodeCIDRs: true` the pod address range is split into node ranges and used for cloud routes; a dual-stack cluster gives one IPv4 and one IPv6 range separated by a comma alone, and the node IPAM and route controllers refuse to start with a malformed range, more than two ranges, or two of the same family. Without node range allocation the field is not read.',
      remediation: 'Write `10.244.0.0/16`, or `10.244.0.0/16,fd00:10:244::/56` (no space after the comma) for a dual-stack cluster.',
      spec: '3-config-and-payload-types.md#controller-manager-configuration (PlatCloudShared: ClusterCIDR)',
    },
  },
  check(value, ctx) {
    const shared = obj(obj(value)?.PlatCloudShared);
    if (bool(shared?.AllocateNodeCIDRs) !== true) return; // the range is parsed only when node ranges are allocated
    const text = str(shared?.ClusterCIDR);
    if (text === undefined || text.trim() === '') return;
    const path = ['PlatCloudShared', 'ClusterCIDR'];
    // only the whole value is trimmed: a range with a space around it, such as after `, `, does not parse
    const parts = text.trim().split(',');
    const spaced = parts.find((p) => p !== p.trim() && parseCidr(p.trim()) !== undefined);
    if (spaced !== undefined) {
      ctx.report(path, `\`${spaced.trim()}\` in ClusterCIDR has a space around it and does not parse; separate the ranges with a comma alone`);
      return;
    }
    const bad = parts.find((p) => parseCidr(p) === undefined);
    if (bad !== undefined) {
      ctx.report(path, `\`${bad}\` in ClusterCIDR is not a CIDR; write an address and a prefix length, such as \`10.244.0.0/16\``);
      return;
    }
    if (parts.length > 2) {
      ctx.report(path, `ClusterCIDR has ${parts.length} ranges; the maximum is 2 (one IPv4, one IPv6)`);
      return;
    }
    if (parts.length === 2) {
      const [a, b] = parts.map((p) => parseCidr(p)!);
      if (a!.family === b!.family) ctx.report(path, `ClusterCIDR has two ${FAMILY[a!.family]} ranges; a dual-stack cluster has one IPv4 and one IPv6 range`);
    }
  },
});
