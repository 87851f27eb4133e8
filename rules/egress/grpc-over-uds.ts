import { defineRule } from '../../src/define-rule.js';
import { has, obj, objItems } from '../../src/services/values.js';

export default defineRule({
  id: 'egress/grpc-over-uds',
  kinds: ['EgressSelectorConfiguration'],
  meta: {
    description: 'A `GRPC` connection uses a `uds` transport, never `tcp`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale: 'The GRPC tunnel protocol is not supported over TCP; the API server needs a unix domain socket to reach the tunnel server.',
      remediation: 'Replace `tcp` with `uds.udsName`, or use `proxyProtocol: HTTPConnect` for a TCP connection.',
      spec: '3-config-and-payload-types.md#api-server-configuration-versions-v1alpha1-and-v1beta1-apiserverplatiov1alpha1-apiserverplatiov1beta1 (Transport.tcp: GRPC protocol not supported over TCP)',
    },
  },
  check(value, ctx) {
    for (const [i, selection] of objItems(obj(value)?.egressSelections)) {
      const connection = obj(selection.connection);
      const transport = obj(connection?.transport);
      if (connection?.proxyProtocol !== 'GRPC' || !has(transport, 'tcp')) continue;
      ctx.report(['egressSelections', i, 'connection', 'transport', 'tcp'], 'proxyProtocol `GRPC` is not supported over TCP; use a `uds` transport', {
        target: 'key',
      });
    }
  },
});
