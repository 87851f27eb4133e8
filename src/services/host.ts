/**
 * What the program around the engine supplies: the engine itself (reading, checking, placing, reporting)
 * imports no Node.js built-in, so that it runs in a browser too. The Node.js programs (the CLI, the language
 * server and their threads, the library) install the Node.js host (src/files/node-host.ts: modules loaded on first
 * use with V8's code cache, the platform's paths); the browser bundle installs its own (src/browser-host.ts:
 * modules bundled, POSIX paths). One host per module instance, installed before anything is linted.
 */
import type { ValidateFunction } from '../generated/validators.js';
import type { CelLibrary, KindTypes } from './cel-env.js';

/** The part of `node:path` the engine uses: the host's own path rules. */
export interface HostPath {
  readonly sep: string;
  isAbsolute(path: string): boolean;
  relative(from: string, to: string): string;
  resolve(...paths: string[]): string;
  dirname(path: string): string;
}

export interface Host {
  /** The CEL library (`@marcbachmann/cel-js`); called when an expression is first checked. */
  celLibrary(): CelLibrary;
  /** A precompiled schema validator module, by its file name in `validatorModules` (src/generated/validators.js). */
  validatorModule(file: string): { validate: ValidateFunction };
  /** The CEL types of a kind name's documents (for policies); undefined for a name platlint has no schema for. */
  kindTypes(kind: string): KindTypes | undefined;
  /**
   * Makes regular expressions with the `l` flag (V8's linear-time engine, which policies need) available where
   * the host can; whether they are.
   */
  linearRegExp(): boolean;
  /** The `minimatch` package (glob patterns of `ignores` and `overrides`); called when a pattern is first compiled. */
  minimatch(): typeof import('minimatch');
  path: HostPath;
  /** A file's `file:` URL (SARIF's locations of files outside the working folder). */
  fileUrl(path: string): string;
  /** The SHA-256 of a text's UTF-8 bytes, in hexadecimal (the fingerprints of CI reports). */
  sha256Hex(text: string): string;
}

let installed: Host | undefined;

/** Installs the host the engine asks for its modules and paths (the last one installed wins). */
export function useHost(h: Host): void {
  installed = h;
}

/** The installed host; throws when none is (a program must install one before it lints). */
export function host(): Host {
  if (!installed) throw new Error('no host installed: call useHost (src/services/host.ts) before linting');
  return installed;
}
