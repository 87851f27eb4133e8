import { defineRule } from '../../src/define-rule.js';
import { obj, objItems, str } from '../../src/services/values.js';

/** Whether the text parses as a URL with a host. */
function hasHost(text: string): boolean {
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

export default defineRule({
  id: 'egress/tcp-url-valid',
  kinds: ['EgressSelectorConfiguration'],
  meta: {
    description: 'A TCP transport `url` is an `http://` or `https://` URL with a host.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale: 'The API server connects to the tunnel server over plain HTTP or TLS only, chosen by the scheme of the URL; it refuses any other scheme.',
      remediation: 'Write the tunnel server address as `https://host:port` (with `tlsConfig`) or `http://host:port`.',
      spec: '3-config-and-payload-types.md#api-server-configuration-versions-v1alpha1-and-v1beta1-apiserverplatiov1alpha1-apiserverplatiov1beta1 (TCPTransport.url)',
    },
  },
  check(value, ctx) {
    for (const [i, selection] of objItems(obj(value)?.egressSelections)) {
      const connection = obj(selection.connection);
      if (connection?.proxyProtocol !== 'HTTPConnect') continue; // Direct and GRPC take no tcp transport: reported elsewhere
      const url = str(obj(obj(connection.transport)?.tcp)?.url);
      if (url === undefined) continue;
      const path = ['egressSelections', i, 'connection', 'transport', 'tcp', 'url'];
      if (url === '') ctx.report(path, 'the tunnel server url is empty; write it as `https://host:port` or `http://host:port`');
      else if (!url.startsWith('http://') && !url.startsWith('https://'))
        ctx.report(path, `url is \`${url}\`; the tunnel server url starts with \`http://\` or \`https://\``);
      else if (!hasHost(url)) ctx.report(path, `url \`${url}\` is not a valid URL with a host`);
    }
  },
});
