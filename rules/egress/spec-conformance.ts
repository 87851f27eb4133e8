import { defineRule } from '../../src/define-rule.js';
import { parseGoUrl, quotedUrl } from '../../src/services/go-url.js';
import { has, obj, objItems, str } from '../../src/services/values.js';

const LOWER_NAMES = new Set(['controlplane', 'etcd', 'cluster']);

export default defineRule({
  id: 'egress/spec-conformance',
  kinds: ['EgressSelectorConfiguration'],
  meta: {
    description: 'An egress selector configuration follows the spec where the platform accepts more: selections listed, lower-case names, `udsName` without `unix://`, a tunnel url with a host, no `tcp` beside a GRPC `uds`.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The platform loads all of these, so none is an error, but each does not do what the spec describes: without `egressSelections` its egress selector uses the default dialer for all traffic; it compares selection names without regard to case (its validation lower-cases them) while the spec lists them in lower case; it checks only that `udsName` is not empty, so a `unix://` prefix (which the spec excludes) fails only when the socket is dialled; it checks only the scheme prefix of a tunnel `url` and its parse, so a url without a host fails only when dialled; and with `proxyProtocol: GRPC` it uses `uds` and silently ignores a `tcp` beside it (the spec: GRPC is not supported over TCP).',
      remediation:
        'List the selections the API server should use; write the names in lower case; write `udsName` as a plain socket path; give the tunnel url its host and port; remove the `tcp` transport of a GRPC connection.',
      spec: '3-config-and-payload-types.md#api-server-configuration-versions-v1alpha1-and-v1beta1-apiserverplatiov1alpha1-apiserverplatiov1beta1 (EgressSelectorConfiguration.egressSelections: R; EgressSelection.name; Transport.tcp; UDSTransport.udsName)',
    },
  },
  check(value, ctx) {
    const root = obj(value);
    if (root === undefined) return;
    if (!has(root, 'egressSelections')) {
      ctx.report(['egressSelections'], 'egressSelections is not set; the platform then uses the default dialer for all traffic, but the spec asks for the list');
    }
    for (const [i, selection] of objItems(root.egressSelections)) {
      const name = str(selection.name);
      if (name !== undefined && name !== name.toLowerCase() && LOWER_NAMES.has(name.toLowerCase())) {
        ctx.report(['egressSelections', i, 'name'], `name \`${name}\` is not in lower case; the platform accepts it, but the spec's name is \`${name.toLowerCase()}\``, {
          fix: name.toLowerCase(),
        });
      }
      const connection = obj(selection.connection);
      const protocol = connection?.proxyProtocol;
      const transport = obj(connection?.transport);
      const base = ['egressSelections', i, 'connection', 'transport'];
      if (protocol !== 'HTTPConnect' && protocol !== 'GRPC') continue; // Direct takes no transport: reported elsewhere
      const udsName = str(obj(transport?.uds)?.udsName);
      if (udsName?.startsWith('unix://')) {
        const bare = udsName.slice('unix://'.length);
        ctx.report([...base, 'uds', 'udsName'], `udsName starts with \`unix://\`, but the platform dials a file path: write \`${bare}\``, {
          fix: bare,
        });
      }
      if (protocol === 'GRPC' && has(transport, 'tcp') && has(transport, 'uds')) {
        ctx.report([...base, 'tcp'], 'proxyProtocol `GRPC` uses the `uds` transport and ignores `tcp`; remove it, GRPC is not supported over TCP', { target: 'key' });
      }
      if (protocol === 'HTTPConnect') {
        const url = str(obj(transport?.tcp)?.url);
        if (url === undefined || !(url.startsWith('http://') || url.startsWith('https://'))) continue; // egress/tcp-url-valid
        const parsed = parseGoUrl(url);
        if (parsed.ok && parsed.url.host === '') {
          const shown = quotedUrl('url', url);
          ctx.report([...base, 'tcp', 'url'], `${shown} has no host; the platform accepts it but cannot dial the tunnel server: write \`https://host:port\``);
        }
      }
    }
  },
});
