// Writes the CEL types of every kind a policy may check (src/files/schema-types.ts) as one JSON table, for
// the configuration loader (src/check/policies/kind-types.ts). npm run build bundles and runs this file:
//   node <bundle> <output.json>
import { writeFileSync } from 'node:fs';
import { buildKindTypeTable } from '../files/schema-types.js';

const out = process.argv[2];
if (!out) throw new Error('usage: kind-types <output.json>');
writeFileSync(out, `${JSON.stringify(buildKindTypeTable())}\n`);
