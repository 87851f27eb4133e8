import { defineRule } from '../../src/define-rule.js';
import { httpConnectTcp } from './_transports.js';
import { has, obj, str } from '../../src/services/values.js';

const TLS_FIELDS = new Set(['caBundle', 'clientKey', 'clientCert']);

export default defineRule({
  id: 'egress/https-client-cert-required',
  kinds: ['EgressSelectorConfiguration'],
  meta: {
    description: 'A TCP transport with an `https://` url sets `tlsConfig.clientKey` and `tlsConfig.clientCert`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The API server connects to an `https://` tunnel server with mutual TLS: it needs a client certificate and its key, and refuses the configuration without them. `caBundle` is optional (the system roots are used when it is unset).',
      remediation: 'Set `tlsConfig.clientCert` and `tlsConfig.clientKey` to the files of the client certificate and key issued for the tunnel server.',
      spec: '3-config-and-payload-types.md#api-server-configuration-versions-v1alpha1-and-v1beta1-apiserverplatiov1alpha1-apiserverplatiov1beta1 (TLSConfig.clientKey, clientCert: required for https://)',
    },
  },
  check(value, ctx) {
    for (const { tcp, url, path: base } of httpConnectTcp(value)) {
      if (!url.startsWith('https://')) continue;
      if (!has(tcp, 'tlsConfig')) {
        ctx.report([...base, 'tlsConfig'], `url \`${url}\` uses TLS; add \`tlsConfig\` with \`clientCert\` and \`clientKey\``);
        continue;
      }
      const tls = obj(tcp.tlsConfig);
      if (tls === undefined) continue; // wrong shape: reported by the schema
      // An unknown field (most likely a misspelled `clientCert` or `clientKey`) is reported by the schema, and the
      // platform's strict decoding stops there: a missing field would only repeat that finding.
      if (Object.keys(tls).some((k) => !TLS_FIELDS.has(k))) continue;
      const missing = ['clientCert', 'clientKey'].filter((field) => !has(tls, field) || str(tls[field]) === '');
      if (missing.length === 2) {
        ctx.report([...base, 'tlsConfig'], `url \`${url}\` uses mutual TLS; \`tlsConfig\` needs \`clientCert\` and \`clientKey\``, { target: 'key' });
      } else if (missing.length === 1) {
        const field = missing[0]!;
        ctx.report([...base, 'tlsConfig', field], `\`${field}\` is required for the \`https://\` url \`${url}\` (mutual TLS)`);
      }
    }
  },
});
