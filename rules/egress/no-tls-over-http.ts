import { defineRule } from '../../src/define-rule.js';
import { httpConnectTcp } from './_transports.js';
import { has } from '../../src/services/values.js';

export default defineRule({
  id: 'egress/no-tls-over-http',
  kinds: ['EgressSelectorConfiguration'],
  meta: {
    description: 'A TCP transport with an `http://` url has no `tlsConfig`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale: 'An `http://` URL is a plain connection: TLS files would never be used, and the API server refuses a `tlsConfig` there.',
      remediation: 'Remove `tlsConfig`, or switch the url to `https://` to connect with mutual TLS.',
      spec: '3-config-and-payload-types.md#api-server-configuration-versions-v1alpha1-and-v1beta1-apiserverplatiov1alpha1-apiserverplatiov1beta1 (TLSConfig: must be empty for http://)',
    },
  },
  check(value, ctx) {
    for (const { tcp, url, path } of httpConnectTcp(value)) {
      if (!url.startsWith('http://') || !has(tcp, 'tlsConfig')) continue;
      ctx.report(
        [...path, 'tlsConfig'],
        `url \`${url}\` is plain HTTP; remove \`tlsConfig\`, or use an \`https://\` url for TLS`,
        { target: 'key' },
      );
    }
  },
});
