// The first valid and invalid fixture of a rule, for the generated documentation (used by gen-docs and its test):
// its text, the language of its code block, and for an invalid one the findings its `.messages.txt` snapshot pins.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The fixture files test/helpers/fixtures.ts runs (yamlFiles), and the language each is shown in. */
const LANGUAGES = [
  [/\.ya?ml$/, 'yaml'],
  [/\.json$/, 'json'],
  [/\.(service|conf)$/, 'ini'],
  [/\.env$/, 'sh'],
  [/\.flags$/, 'text'],
];

const languageOf = (name) => LANGUAGES.find(([re]) => re.test(name))?.[1];

export function ruleExamples(root, id) {
  const pick = (kind) => {
    const dir = join(root, 'fixtures', 'rules', id, kind);
    if (!existsSync(dir)) return undefined;
    const name = readdirSync(dir).filter((f) => languageOf(f) !== undefined).sort()[0];
    if (!name) return undefined;
    const snapshot = join(dir, name.replace(/\.[^.]+$/, '.messages.txt'));
    return {
      name: `${kind}/${name}`,
      path: `fixtures/rules/${id}/${kind}/${name}`,
      language: languageOf(name),
      text: readFileSync(join(dir, name), 'utf8'),
      ...(kind === 'invalid' && existsSync(snapshot) ? { messages: readFileSync(snapshot, 'utf8') } : {}),
    };
  };
  return { valid: pick('valid'), invalid: pick('invalid') };
}
