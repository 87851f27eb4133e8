import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ROOT } from './fixtures.js';

/** A validator of the SARIF 2.1.0 JSON schema (draft 2020-12) with the formats it uses. */
export function sarifValidator() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  // ajv-formats is not installed: the formats the SARIF schema uses, checked here
  ajv.addFormat('uri', (s: string) => URL.canParse(s));
  ajv.addFormat('uri-reference', (s: string) => /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/.test(s) && !/%(?![0-9A-Fa-f]{2})/.test(s) && URL.canParse(s, 'file:///base/'));
  ajv.addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)));
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  return ajv.compile(JSON.parse(readFileSync(join(ROOT, 'test', 'data', 'sarif-2.1.0.json'), 'utf8')));
}
