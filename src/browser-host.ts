/**
 * The browser's host of the engine (src/services/host.ts): the CEL library, the schema validators and the
 * kinds' CEL types are inside the bundle (src/generated/browser-modules.js, written by the build, evaluates a
 * validator when it is first used); paths are POSIX paths below `/`.
 */
import * as cel from '@marcbachmann/cel-js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import * as minimatch from 'minimatch';
import { kindTypeTable, validatorLoaders } from './generated/browser-modules.js';
import type { KindTypes } from './check/policies/spec.js';
import type { Host } from './services/host.js';
import { POSIX_PATH, posixFileUrl } from './services/posix-path.js';

let linear: boolean | undefined;

export const BROWSER_HOST: Host = {
  celLibrary: () => cel,
  validatorModule: (file) => {
    const load = validatorLoaders[file];
    if (!load) throw new Error(`no validator module ${file} in the bundle`);
    return load();
  },
  kindTypes: (kind) => {
    const table = kindTypeTable() as Readonly<Record<string, KindTypes>>;
    return Object.prototype.hasOwnProperty.call(table, kind) ? table[kind] : undefined;
  },
  // the `l` flag where the engine has it (a browser's V8 only with --enable-experimental-regexp-engine)
  linearRegExp: () => {
    if (linear === undefined) {
      try {
        new RegExp('a', 'l');
        linear = true;
      } catch {
        linear = false;
      }
    }
    return linear;
  },
  minimatch: () => minimatch,
  path: POSIX_PATH,
  fileUrl: posixFileUrl,
  // SARIF's fingerprints, synchronous as the formats are (a browser's crypto.subtle is asynchronous only)
  sha256Hex: (text) => bytesToHex(sha256(utf8ToBytes(text))),
};
