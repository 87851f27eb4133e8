import { defineRule } from '../../src/define-rule.js';
import { base64Bytes } from '../../src/services/base64.js';
import { obj, objItems, str } from '../../src/services/values.js';

const BLOCK = /-----BEGIN ([^\n\r-][^\n\r]*?)-----[ \t]*\r?\n([\s\S]*?)-----END \1-----/g;
// Characters of the base64 alphabet. The length and padding are not checked: only gross mistakes (a file name,
// a key, prose) are caught, and a truncated line passes.
const B64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Why the text is not a usable PEM bundle of CA certificates, or undefined when it is. */
function problem(text: string): string | undefined {
  let certificates = 0;
  let n = 0;
  for (const m of text.matchAll(BLOCK)) {
    n++;
    if (m[1] !== 'CERTIFICATE') continue;
    const body = m[2]!.replace(/\s+/g, '');
    // A body with headers (`Proc-Type: ...`) or invalid base64 is not a certificate.
    if (body === '' || !B64.test(body)) return `its block ${n} (\`CERTIFICATE\`) holds characters outside base64`;
    // A DER certificate is an ASN.1 SEQUENCE: its first byte is 0x30.
    if (base64Bytes(body)[0] !== 0x30) return `its block ${n} (\`CERTIFICATE\`) does not hold a DER certificate`;
    certificates++;
  }
  if (certificates > 0) return undefined;
  return n === 0 ? 'it holds no PEM block' : `it holds ${n === 1 ? 'a PEM block' : `${n} PEM blocks`} but no \`CERTIFICATE\` block`;
}

export default defineRule({
  id: 'authn/certificate-authority-pem',
  kinds: ['AuthenticationConfiguration'],
  meta: {
    description: 'An issuer `certificateAuthority` holds PEM-encoded CA certificates.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The API server builds the trust pool for the discovery connection from `certificateAuthority`; it refuses to start when the text holds no `CERTIFICATE` block or a block that does not decode.',
      remediation:
        'Paste the CA certificates themselves (not a file name, not a key), each from `-----BEGIN CERTIFICATE-----` to `-----END CERTIFICATE-----`, in a YAML block scalar (`certificateAuthority: |`) so the line breaks are kept.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1 (Issuer: certificateAuthority, PEM CAs)',
    },
  },
  check(value, ctx) {
    for (const [i, jwt] of objItems(obj(value)?.jwt)) {
      const ca = str(obj(jwt.issuer)?.certificateAuthority);
      if (ca === undefined || ca === '') continue;
      const why = problem(ca);
      // The content is not printed: a wrongly pasted private key must not end up in the output.
      if (why !== undefined) ctx.report(['jwt', i, 'issuer', 'certificateAuthority'], `certificateAuthority is not a PEM bundle of CA certificates: ${why}`);
    }
  },
});
