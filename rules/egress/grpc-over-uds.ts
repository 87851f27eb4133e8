import { defineRule } from '../../src/define-rule.js';
import { has, obj, objItems } from '../../src/services/values.js';

export default defineRule({
  id: 'egress/grpc-over-uds',
  kinds: ['EgressSelectorConfiguration'],
  meta: {
    description: 'A `GRPC` connection uses a `uds` transport, not `tcp` alone.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The GRPC tunnel protocol is not supported over TCP; the platform\'s egress selector validation refuses a GRPC transport without `uds`. A `tcp` beside a `uds` is accepted and ignored (the socket is used): `egress/spec-conformance` warns about that one.',
      remediation: 'Replace `tcp` with `uds.udsName`, or use `proxyProtocol: HTTPConnect` for a TCP connection.',
      spec: '3-config-and-payload-types.md#api-server-configuration-versions-v1alpha1-and-v1beta1-apiserverplatiov1alpha1-apiserverplatiov1beta1 (Transport.tcp: GRPC protocol not supported over TCP)',
    },
  },
  check(value, ctx) {
    for (const [i, selection] of objItems(obj(value)?.egressSelections)) {
      const connection = obj(selection.connection);
      const transport = obj(connection?.transport);
      // With a `uds` beside it the platform uses the socket and ignores `tcp`: egress/spec-conformance warns.
      if (connection?.proxyProtocol !== 'GRPC' || !has(transport, 'tcp') || has(transport, 'uds')) continue;
      ctx.report(['egressSelections', i, 'connection', 'transport', 'tcp'], 'proxyProtocol `GRPC` is not supported over TCP; use a `uds` transport', {
        target: 'key',
      });
    }
  },
});
