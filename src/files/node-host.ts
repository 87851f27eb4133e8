/**
 * The Node.js host of the engine (src/services/host.ts): what the CLI, the language server, their threads and
 * the library install before they lint. Modules are loaded on first use, with V8's code cache where the build
 * left one (src/files/cached-require.ts); paths follow the platform's rules (`node:path`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { buildKindTypes } from './schema-types.js';
import type { KindTypes } from '../check/policies/spec.js';
import { cachedRequire } from './cached-require.js';
import { nodeCrypto } from './builtins.js';
import type { CelLibrary } from '../services/cel-env.js';
import { useHost, type Host } from '../services/host.js';

/** Set by the bundler: the file holding the CEL library, relative to the bundle. */
declare const __PLATLINT_CEL_MODULE__: string | undefined;
/** Set by the bundler: where the validator modules sit relative to the bundle. */
declare const __PLATLINT_VALIDATORS_DIR__: string | undefined;
/** Set by the bundler: where the table of the kinds' CEL types sits relative to the bundle. */
declare const __PLATLINT_KIND_TYPES__: string | undefined;

const CEL_MODULE = typeof __PLATLINT_CEL_MODULE__ === 'string' ? __PLATLINT_CEL_MODULE__ : '@marcbachmann/cel-js';
const VALIDATORS_DIR = typeof __PLATLINT_VALIDATORS_DIR__ === 'string' ? __PLATLINT_VALIDATORS_DIR__ : '../generated/validators/';
const KIND_TYPES = typeof __PLATLINT_KIND_TYPES__ === 'string' ? __PLATLINT_KIND_TYPES__ : '../generated/kind-types.json';

let table: Readonly<Record<string, KindTypes>> | null | undefined;

/**
 * The build's table of every kind's CEL types (src/tools/kind-types.ts: dist/kind-types.json beside the
 * bundles), so that loading a configuration with policies reads one small file instead of the kinds' schemas;
 * null when there is none (running from the source before a build).
 */
export function kindTypeTable(): Readonly<Record<string, KindTypes>> | null {
  if (table === undefined) {
    try {
      table = JSON.parse(readFileSync(fileURLToPath(new URL(KIND_TYPES, import.meta.url)), 'utf8')) as Record<string, KindTypes>;
    } catch {
      table = null;
    }
  }
  return table;
}

// `minimatch` is loaded only for glob patterns (ignores, overrides): a pre-commit hook passes file names, and
// should not pay for it at start-up.
const load = createRequire(import.meta.url);

export const NODE_HOST: Host = {
  celLibrary: () => cachedRequire(import.meta.url, CEL_MODULE) as CelLibrary,
  validatorModule: (file) => cachedRequire(import.meta.url, VALIDATORS_DIR + file) as ReturnType<Host['validatorModule']>,
  // the table where the build wrote one; otherwise made from the schemas, as the build makes it
  // (test/policies.test.ts checks that both agree)
  kindTypes: (kind) => {
    const t = kindTypeTable();
    if (t) return Object.prototype.hasOwnProperty.call(t, kind) ? t[kind] : undefined;
    return buildKindTypes(kind);
  },
  linearRegExp: () => {
    try {
      // a flag of V8 that adds the `l` flag to regular expressions and changes nothing else
      setFlagsFromString('--enable-experimental-regexp-engine');
      new RegExp('a', 'l');
      return true;
    } catch {
      return false;
    }
  },
  minimatch: () => load('minimatch') as typeof import('minimatch'),
  path: { sep, isAbsolute, relative, resolve, dirname },
  fileUrl: (path) => pathToFileURL(path).href,
  sha256Hex: (text) => nodeCrypto().createHash('sha256').update(text).digest('hex'),
};

/** Installs the Node.js host (each program does, before it lints). */
export function useNodeHost(): void {
  useHost(NODE_HOST);
}
