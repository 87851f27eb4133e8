import { defineRule } from '../../src/define-rule.js';
import { has, obj, objItems } from '../../src/services/values.js';

export default defineRule({
  id: 'egress/single-transport',
  kinds: ['EgressSelectorConfiguration'],
  meta: {
    description: 'An `HTTPConnect` transport sets either `tcp` or `uds`, not both.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale: 'A connection reaches the tunnel server one way; the API server refuses a transport with both a TCP address and a unix socket.',
      remediation: 'Keep the one of `tcp` and `uds` that the tunnel server listens on and remove the other.',
      spec: '3-config-and-payload-types.md#api-server-configuration-versions-v1alpha1-and-v1beta1-apiserverplatiov1alpha1-apiserverplatiov1beta1 (Transport: tcp, uds)',
    },
  },
  check(value, ctx) {
    for (const [i, selection] of objItems(obj(value)?.egressSelections)) {
      const connection = obj(selection.connection);
      const transport = obj(connection?.transport);
      // GRPC with tcp is reported by egress/grpc-over-uds; Direct with a transport by egress/direct-no-transport.
      if (connection?.proxyProtocol !== 'HTTPConnect' || !has(transport, 'tcp') || !has(transport, 'uds')) continue;
      ctx.report(['egressSelections', i, 'connection', 'transport'], 'transport sets both `tcp` and `uds`; set exactly one of them', {
        target: 'key',
      });
    }
  },
});
