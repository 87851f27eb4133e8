import { defineRule } from '../../src/define-rule.js';
import { obj, str } from '../../src/services/values.js';
import { FAMILY, parseCidr } from './service-cidrs-valid.js';

export default defineRule({
  id: 'controllermanager/cluster-cidr-valid',
  kinds: ['CloudControllerManagerConfiguration', 'PlatControllerManagerConfiguration'],
  meta: {
    description: '`ClusterCIDR` is one CIDR, or two CIDRs of different IP families separated by a comma.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The pod address range is split into node ranges and used for cloud routes; a dual-stack cluster gives one IPv4 and one IPv6 range, and the controller manager refuses a malformed range, more than two ranges, or two of the same family.',
      remediation: 'Write `10.244.0.0/16`, or `10.244.0.0/16,fd00:10:244::/56` for a dual-stack cluster.',
      spec: '3-config-and-payload-types.md#controller-manager-configuration (PlatCloudShared: ClusterCIDR)',
    },
  },
  check(value, ctx) {
    const text = str(obj(obj(value)?.PlatCloudShared)?.ClusterCIDR);
    if (text === undefined || text.trim() === '') return;
    const path = ['PlatCloudShared', 'ClusterCIDR'];
    const parts = text.split(',').map((p) => p.trim());
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
