// The first valid and invalid fixture of a rule, for the generated documentation (used by gen-docs and its test).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function ruleExamples(root, id) {
  const pick = (kind) => {
    const dir = join(root, 'fixtures', 'rules', id, kind);
    if (!existsSync(dir)) return undefined;
    const name = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort()[0];
    return name ? { name: `${kind}/${name}`, text: readFileSync(join(dir, name), 'utf8') } : undefined;
  };
  return { valid: pick('valid'), invalid: pick('invalid') };
}
