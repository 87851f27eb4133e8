import { defineRule } from '../../src/define-rule.js';
import { formatPath } from '../../src/path.js';
import { keyedStrings, obj, objItems, repeats } from '../../src/services/values.js';

export default defineRule({
  id: 'encryption/kms-name-unique',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'KMS provider names are unique across the whole configuration.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The name of a KMS provider is stored with the data it encrypts and names its health check; two providers of the same name cannot be told apart, and the API server refuses repeated KMS v2 names (and any repeat when it reloads the configuration).',
      remediation: 'Give each KMS provider its own name, even when several entries use the same plugin.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (KMSConfiguration.name)',
    },
  },
  check(value, ctx) {
    function* names(): Generator<[string, (string | number)[]]> {
      for (const [i, entry] of objItems(obj(value)?.resources)) {
        yield* keyedStrings(entry.providers, ['resources', i, 'providers'], (p) => obj(p.kms)?.name, ['kms', 'name']);
      }
    }
    for (const { key: name, path, first } of repeats(names())) {
      ctx.report(path, `KMS provider name \`${name}\` is already used at ${formatPath(first)}`, {
        related: [{ path: first, message: `first KMS provider named \`${name}\`` }],
      });
    }
  },
});
