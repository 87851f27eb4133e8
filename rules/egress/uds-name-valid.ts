import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'egress/uds-name-valid',
  kinds: ['EgressSelectorConfiguration'],
  meta: {
    description: 'A `udsName` is not empty.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The API server dials the unix socket named by `udsName` as a file path; its egress selector validation refuses an empty name. A `unix://` prefix passes that validation (the dial fails only at run time): `egress/spec-conformance` warns about it.',
      remediation: 'Write the path of the tunnel server socket alone, such as `/etc/srv/plat/tunnel-server/tunnel-server.socket`.',
      spec: '3-config-and-payload-types.md#api-server-configuration-versions-v1alpha1-and-v1beta1-apiserverplatiov1alpha1-apiserverplatiov1beta1 (UDSTransport.udsName: without unix:// prefix)',
    },
  },
  check(value, ctx) {
    for (const [i, selection] of objItems(obj(value)?.egressSelections)) {
      const connection = obj(selection.connection);
      const protocol = connection?.proxyProtocol;
      if (protocol !== 'HTTPConnect' && protocol !== 'GRPC') continue; // Direct takes no transport: reported elsewhere
      const name = str(obj(obj(connection?.transport)?.uds)?.udsName);
      if (name === undefined) continue;
      const path = ['egressSelections', i, 'connection', 'transport', 'uds', 'udsName'];
      if (name === '') ctx.report(path, 'udsName is empty; set the path of the tunnel server socket');
    }
  },
});
