import { defineRule } from '../../src/define-rule.js';
import { given, hasConfigFile, SPEC } from './_flags.js';

const CERT = '--tls-cert-file';
const KEY = '--tls-private-key-file';

export default defineRule({
  id: 'flags/tls-pair',
  kinds: ['PlatletFlags'],
  meta: {
    description: '`--tls-cert-file` and `--tls-private-key-file` are given together.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The serving certificate and its key are one pair: with only one of them the node agent cannot serve TLS with it and refuses to start (with neither, it generates a self-signed pair in `--cert-dir`).',
      remediation: 'Give both flags, or neither (or set both in the `--config` file).',
      spec: `${SPEC} (--tls-cert-file, --tls-private-key-file)`,
    },
  },
  check(value, ctx) {
    if (given(value, CERT) === given(value, KEY) || hasConfigFile(value)) return;
    const [has, missing] = given(value, CERT) ? [CERT, KEY] : [KEY, CERT];
    ctx.report([has], `\`${has}\` is set without \`${missing}\`; the serving certificate and key are given together`, { target: 'key' });
  },
});
