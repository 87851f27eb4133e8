import { defineRule } from '../../src/define-rule.js';
import { has, obj, objItems } from '../../src/services/values.js';

export default defineRule({
  id: 'egress/direct-no-transport',
  kinds: ['EgressSelectorConfiguration'],
  meta: {
    description: 'A `Direct` connection has no `transport`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale: 'A `Direct` connection dials its destination without a tunnel server, so a transport to one means nothing; the API server refuses it.',
      remediation: 'Remove `transport`, or set `proxyProtocol` to `HTTPConnect` or `GRPC` if the traffic should go through the tunnel server.',
      spec: '3-config-and-payload-types.md#api-server-configuration-versions-v1alpha1-and-v1beta1-apiserverplatiov1alpha1-apiserverplatiov1beta1 (Connection.transport)',
    },
  },
  check(value, ctx) {
    for (const [i, selection] of objItems(obj(value)?.egressSelections)) {
      const connection = obj(selection.connection);
      if (connection?.proxyProtocol !== 'Direct' || !has(connection, 'transport')) continue;
      ctx.report(['egressSelections', i, 'connection', 'transport'], 'proxyProtocol is `Direct`, which connects without a tunnel server; remove `transport`', {
        target: 'key',
      });
    }
  },
});
