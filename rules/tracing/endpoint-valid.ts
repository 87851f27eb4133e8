import { defineRule } from '../../src/define-rule.js';
import { obj, str } from '../../src/services/values.js';

const SCHEMES = new Set(['dns', 'unix', 'unix-abstract']);
const ALLOWED = '`host:port`, or a URL with scheme `dns`, `unix` or `unix-abstract`';

/** Characters a host name may hold besides letters and digits (as the platform's URL parser accepts them). */
const HOST_CHARS = /^[A-Za-z0-9!$&'()*+,;=:[\]<>"._~-]*$/;

/**
 * Why an endpoint is not a collector address the platform accepts, or undefined. The platform reads an
 * address without `//` as `dns://<address>`, parses it as a URL and accepts the gRPC name-resolver schemes
 * `dns`, `unix` and `unix-abstract`.
 */
function endpointProblem(endpoint: string): string | undefined {
  const url = endpoint.includes('//') ? endpoint : `dns://${endpoint}`;
  const hash = url.indexOf('#');
  let rest = hash >= 0 ? url.slice(0, hash) : url;

  // The scheme: letters first, then letters, digits, `+`, `-` or `.`, up to the first `:`.
  let scheme = '';
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(rest);
  if (m) {
    scheme = m[1]!.toLowerCase();
    rest = rest.slice(m[0].length);
  } else if (rest.startsWith(':')) {
    return 'it has no scheme before `:`';
  }
  if (!SCHEMES.has(scheme)) {
    return scheme === '' ? `it has no scheme; use ${ALLOWED}` : `scheme \`${scheme}\` is not supported; use ${ALLOWED}`;
  }

  const query = rest.indexOf('?');
  if (query >= 0) rest = rest.slice(0, query);
  if (!rest.startsWith('//') || rest.startsWith('///')) return undefined; // no host part
  const slash = rest.indexOf('/', 2);
  const authority = rest.slice(2, slash >= 0 ? slash : undefined);
  const host = authority.slice(authority.lastIndexOf('@') + 1);

  let port = '';
  if (host.startsWith('[')) {
    const close = host.lastIndexOf(']');
    if (close < 0) return 'its IPv6 address has no closing `]`';
    port = host.slice(close + 1);
  } else {
    const colon = host.lastIndexOf(':');
    if (colon >= 0) port = host.slice(colon);
  }
  if (port !== '' && !/^:[0-9]*$/.test(port)) return `port \`${port.slice(1) || port}\` is not a number`;
  const bad = [...host].find((c) => c.charCodeAt(0) < 0x80 && !HOST_CHARS.test(c));
  if (bad !== undefined) return `its host name has ${bad === ' ' ? 'a space' : `the character \`${bad}\``}`;
  return undefined;
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
    if (/[\x00-\x1f\x7f]/.test(endpoint)) {
      ctx.report(['endpoint'], 'endpoint contains a control character; write the collector address as `host:port`');
      return;
    }
    const problem = endpointProblem(endpoint);
    if (problem !== undefined) ctx.report(['endpoint'], `endpoint \`${endpoint}\` is not a collector address: ${problem}`);
  },
});
