import { defineRule } from '../../src/define-rule.js';
import { obj, str } from '../../src/services/values.js';

export default defineRule({
  id: 'controllermanager/cloud-provider-name-set',
  kinds: ['CloudControllerManagerConfiguration'],
  meta: {
    description: 'A cloud controller manager configuration names its cloud provider.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The cloud controller manager exists to run one cloud provider\'s controllers, and nothing defaults the provider name: it refuses to start with an empty `PlatCloudShared.CloudProvider.Name` ("--cloud-provider cannot be empty", cloud-provider options/options.go Validate). The spec marks no field of CloudProvider R; the platform requires this one for the cloud controller manager only.',
      remediation: 'Set `PlatCloudShared.CloudProvider.Name` to the provider this cloud controller manager runs, such as `external` or the provider\'s registered name.',
      spec: '3-config-and-payload-types.md#controller-manager-configuration (PlatCloudShared: CloudProvider)',
    },
  },
  check(value, ctx) {
    const provider = obj(obj(obj(value)?.PlatCloudShared)?.CloudProvider);
    const name = str(provider?.Name);
    if (name !== undefined && name !== '') return;
    if (provider?.Name !== undefined && name === undefined) return; // not a string: the schema reports it
    ctx.report(['PlatCloudShared', 'CloudProvider', 'Name'], 'the cloud controller manager needs a cloud provider name; set PlatCloudShared.CloudProvider.Name', { target: 'key' });
  },
});
