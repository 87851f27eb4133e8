/**
 * Where a rule's documentation lives: its page in docs/rules/ of platlint's repository
 * (`docs/rules/<area>/<name>.md`, written by `npm run docs`). Every link goes
 * through here (SARIF `helpUri`, the GitHub step summary, the language server's `codeDescription.href`, the
 * browser bundle's rule list), so changing the repository changes them all.
 */

/**
 * The repository's web address: package.json's `repository` as `repositoryWebUrl` reads it (test/formats.test.ts
 * checks that the two agree, as it does for the version). The owner is a placeholder until the project is
 * published: change package.json and this together.
 */
export const REPOSITORY_URL = 'https://github.com/PLACEHOLDER-OWNER/platlint';

/**
 * A repository's web address from package.json's `repository` (a string such as `github:owner/name`,
 * `owner/name` or a git URL, or `{ type, url }`): `https://host/owner/name`, without `git+`, `.git` or a
 * trailing slash. Undefined for a value it cannot read.
 */
export function repositoryWebUrl(repository: unknown): string | undefined {
  const raw = typeof repository === 'string' ? repository : typeof repository === 'object' && repository !== null ? (repository as { url?: unknown }).url : undefined;
  if (typeof raw !== 'string') return undefined;
  const shortcut = /^(?:(github|gitlab|bitbucket):)?([\w.-]+)\/([\w.-]+)$/.exec(raw);
  if (shortcut) {
    const host = { github: 'github.com', gitlab: 'gitlab.com', bitbucket: 'bitbucket.org' }[shortcut[1] ?? 'github'];
    return `https://${host}/${shortcut[2]}/${shortcut[3]!.replace(/\.git$/, '')}`;
  }
  const scp = /^(?:ssh:\/\/)?git@([^:/]+)[:/](.+)$/.exec(raw);
  const url = scp ? `https://${scp[1]}/${scp[2]}` : raw.replace(/^git\+/, '').replace(/^git:\/\//, 'https://');
  if (!/^https?:\/\/[^/]+\/[^/]+\/[^/]+/.test(url)) return undefined;
  return url.replace(/\/+$/, '').replace(/\.git$/, '');
}

/** The folder of the rules' pages: docs/rules on the repository's default branch (no trailing slash). */
export const DOCS_BASE = `${REPOSITORY_URL}/blob/HEAD/docs/rules`;

/**
 * The environment variable that points the links elsewhere (a fork, a pinned tag): the URL of a copy of the
 * docs/rules folder, such as `https://github.com/acme/platlint/blob/v0.1.0/docs/rules`.
 */
export const DOCS_URL_ENV = 'PLATLINT_DOCS_URL';

/** The tool's home page (SARIF `informationUri`). */
export const HOME_URL = REPOSITORY_URL;

/** The base rule links are made of: `PLATLINT_DOCS_URL` when the environment sets it (without a fragment or trailing slashes), else `DOCS_BASE`. */
export function docsBase(env: Readonly<Record<string, string | undefined>> | undefined): string {
  const set = env?.[DOCS_URL_ENV]?.trim().replace(/#.*$/, '').replace(/\/+$/, '');
  return set ? set : DOCS_BASE;
}

/**
 * The URL of a rule's page: `<base>/<area>/<name>.md` (under `base`, by default the repository's docs/rules), the
 * path src/check/rule-docs.ts `rulePagePath` gives the page (test/docs.test.ts checks that they agree).
 */
export function ruleDocsUrl(ruleId: string, base: string = DOCS_BASE): string {
  return `${base}/${ruleId}.md`;
}
