/**
 * The CEL types of the kinds, as the configuration loader needs them for its policies: read from the table the
 * build writes (src/tools/kind-types.ts: dist/kind-types.json beside the bundles), so that loading a
 * configuration with policies reads one small file instead of the kinds' schemas and builds no types. Where
 * there is no table (running from the source before a build), they are made from the schemas, as the build
 * makes them (src/policies/schema-types.ts); test/policies.test.ts checks that both agree.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildKindTypes } from './schema-types.js';
import type { KindTypes } from './spec.js';

/** Set by the bundler: where the table sits relative to the bundle. */
declare const __PLATLINT_KIND_TYPES__: string | undefined;

const TABLE = typeof __PLATLINT_KIND_TYPES__ === 'string' ? __PLATLINT_KIND_TYPES__ : '../generated/kind-types.json';

let table: Readonly<Record<string, KindTypes>> | null | undefined;

/** The build's table of every kind's types; null when there is none. */
export function kindTypeTable(): Readonly<Record<string, KindTypes>> | null {
  if (table === undefined) {
    try {
      table = JSON.parse(readFileSync(fileURLToPath(new URL(TABLE, import.meta.url)), 'utf8')) as Record<string, KindTypes>;
    } catch {
      table = null;
    }
  }
  return table;
}

/** The CEL types of a kind name's documents; undefined for a name platlint has no schema for. */
export function kindTypes(kind: string): KindTypes | undefined {
  const t = kindTypeTable();
  if (t) return Object.prototype.hasOwnProperty.call(t, kind) ? t[kind] : undefined;
  return buildKindTypes(kind);
}
