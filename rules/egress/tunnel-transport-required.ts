import { defineRule } from '../../src/define-rule.js';
import { has, obj, objItems } from '../../src/services/values.js';

export default defineRule({
  id: 'egress/tunnel-transport-required',
  kinds: ['EgressSelectorConfiguration'],
  meta: {
    description: 'An `HTTPConnect` or `GRPC` connection has a `transport` to the tunnel server.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale: 'Both tunnel protocols need to know where the tunnel server listens; the API server refuses the connection without a transport.',
      remediation: 'Add `transport` with `uds.udsName` (the socket of the tunnel server) or, for `HTTPConnect`, `tcp.url`.',
      spec: '3-config-and-payload-types.md#api-server-configuration-versions-v1alpha1-and-v1beta1-apiserverplatiov1alpha1-apiserverplatiov1beta1 (Connection.transport: required for HTTPConnect and GRPC)',
    },
  },
  check(value, ctx) {
    for (const [i, selection] of objItems(obj(value)?.egressSelections)) {
      const connection = obj(selection.connection);
      const protocol = connection?.proxyProtocol;
      if ((protocol !== 'HTTPConnect' && protocol !== 'GRPC') || has(connection, 'transport')) continue;
      ctx.report(['egressSelections', i, 'connection', 'transport'], `proxyProtocol \`${protocol}\` needs a \`transport\` to reach the tunnel server`);
    }
  },
});
