/**
 * The CEL types of the kinds, as the configuration loader needs them for its policies: the host gives them
 * (src/files/node-host.ts reads the table the build writes, src/tools/kind-types.ts, or makes them from the schemas
 * before a build; the browser bundle has the table inside).
 */
import { KINDS } from '../../kinds/kinds.js';
import { host } from '../../services/host.js';
import type { KindTypes } from './spec.js';

/** The CEL types of a kind name's documents; undefined for a name platlint has no schema for. */
export function kindTypes(kind: string): KindTypes | undefined {
  return host().kindTypes(kind);
}

/** The kind names a policy may check: those with a schema. */
export function policyKindNames(): string[] {
  return [...new Set(KINDS.filter((k) => k.schema !== '').map((k) => k.kind))].sort();
}
