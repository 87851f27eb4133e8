import { defineRule } from '../../src/define-rule.js';
import { parseGoUrl, quotedUrl } from '../../src/services/go-url.js';
import { obj, objItems, str } from '../../src/services/values.js';

export default defineRule({
  id: 'egress/tcp-url-valid',
  kinds: ['EgressSelectorConfiguration'],
  meta: {
    description: 'A TCP transport `url` starts with `http://` or `https://` and parses as a URL.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The API server connects to the tunnel server over plain HTTP or TLS only, chosen by the scheme of the URL: its egress selector validation refuses a url that does not start with `http://` or `https://` (exactly so, in lower case), and it refuses to start when its URL parser refuses the url (a port that is not a number, a bad `%` escape, a control character). A url without a host passes both (the tunnel is dialled only at run time): `egress/spec-conformance` warns about it.',
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
        ctx.report(path, `${quotedUrl('url', url)} does not start with \`http://\` or \`https://\``);
      else {
        const parsed = parseGoUrl(url);
        const shown = quotedUrl('url', url);
        if (!parsed.ok) ctx.report(path, `${shown} is not a valid URL: ${parsed.problem}`);
      }
    }
  },
});
