// The parse-only floor of the benchmark: find the same files, read them and parse every document with
// `yaml` (single-threaded), nothing else.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';

function files(p) {
  if (statSync(p).isFile()) return [p];
  return readdirSync(p, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(p, e.name)) : /\.(ya?ml|json)$/.test(e.name) ? [join(p, e.name)] : []));
}

let docs = 0;
for (const f of files(process.argv[2])) docs += parseAllDocuments(readFileSync(f, 'utf8')).length;
if (docs === 0) process.exitCode = 3;
