import { defineRule } from '../../src/define-rule.js';
import { parseGoUrl, quotedUrl } from '../../src/services/go-url.js';
import { obj, str } from '../../src/services/values.js';

const SCHEMES = new Set(['dns', 'unix', 'unix-abstract']);
const ALLOWED = '`host:port`, or a `dns`, `unix` or `unix-abstract` URL';

/**
 * Why an endpoint is not a collector address the platform accepts, or undefined. The platform reads an
 * address without `//` as `dns://<address>`, parses it with its URL parser and accepts the gRPC name-resolver
 * schemes `dns`, `unix` and `unix-abstract`.
 */
function endpointProblem(endpoint: string): string | undefined {
  const parsed = parseGoUrl(endpoint.includes('//') ? endpoint : `dns://${endpoint}`);
  if (!parsed.ok) return `is not a collector address: ${parsed.problem}`;
  const { scheme } = parsed.url;
  if (SCHEMES.has(scheme)) return undefined;
  return `${scheme === '' ? 'has no scheme' : `has the scheme \`${scheme}\``}; use ${ALLOWED}`;
}

export default defineRule({
  id: 'tracing/endpoint-valid',
  kinds: ['TracingConfiguration'],
  meta: {
    description: 'The tracing `endpoint` is a `host:port` or a `dns`, `unix` or `unix-abstract` address.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The API server exports spans over gRPC without TLS and passes the endpoint to the gRPC name resolver: it refuses to start when the endpoint does not parse as an address, or has another scheme (an `http://` or `https://` URL is the most common mistake).',
      remediation:
        'Write the collector address as `host:port` (`otel-collector.observability.svc:4317`), `dns:///host:port`, or `unix:///path/to/socket` for a local socket.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (Tracing.endpoint: collector address; insecure, no TLS)',
    },
  },
  check(value, ctx) {
    const endpoint = str(obj(value)?.endpoint);
    if (endpoint === undefined) return; // unset or not a string: the default, or reported by the schema
    const problem = endpointProblem(endpoint);
    if (problem === undefined) return;
    // Not quoted with user info (a password) or a control character (it would break the message's line).
    const shown = quotedUrl('endpoint', endpoint);
    ctx.report(['endpoint'], `${shown} ${problem}`);
  },
});
