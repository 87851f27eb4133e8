// `platlint access`: who can do what, answered from the files as the platform's RBAC authorizer answers it
// (src/access/, src/files/access-files.ts). docs/access.md describes each form and its output.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError } from '../config/config.js';
import { UsageError } from '../files/discover.js';
import { pathToFileURL } from 'node:url';
import { canIReport, diffReport, reportContext, reviewReport, rulesReport, whoCanReport, type AccessQuery, type DiffQuery, type ReviewQuery } from '../files/access-files.js';
import { diffFails, diffJson, diffMarkdown, diffSarif, diffText, type FailOn } from '../access/diff-report.js';
import { allReviewsAllowed } from '../access/review.js';
import { reviewJson, reviewText, reviewYaml } from '../access/review-report.js';
import { HOME_URL, REPOSITORY_URL } from '../report/rule-url.js';
import { AccessQuestionError } from '../access/query.js';
import { closestMatches } from '../services/suggest.js';
import { allAllowed, canIJson, canIText, rulesJson, rulesMarkdown, rulesText, whoCanJson, whoCanMarkdown, whoCanText } from '../access/report.js';

/** What `platlint access` needs of the command line's io (src/cli/cli.ts CliIo). */
export interface AccessIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  cwd: string;
}

export const ACCESS_HELP = `Usage: platlint access can-i VERB RESOURCE [NAME] [-n NAMESPACE] --as USER [--as-group GROUP]... [PATHS]
       platlint access can-i VERB --url /PATH --as USER [--as-group GROUP]... [PATHS]
       platlint access who-can VERB RESOURCE [NAME] [-n NAMESPACE | --all-namespaces] [PATHS]
       platlint access who-can VERB --url /PATH [PATHS]
       platlint access rules --as USER [--as-group GROUP]... -n NAMESPACE [PATHS]
       platlint access review FILE... [--rbac PATHS]... [--as USER [--as-group GROUP]...]
       platlint access diff --base REV [--fail-on granted|revoked|any] [PATHS]

Answers the platform's access questions from the RBAC documents of the files (Roles, ClusterRoles, RoleBindings,
ClusterRoleBindings, their lists), with the platform's bootstrap roles and bindings, as its RBAC authorizer
answers them, and shows the binding, subject, role and rule that grant each access (file:line:column).

  can-i     may USER do VERB on RESOURCE (a SubjectAccessReview): prints yes or no and why; exit 0 for yes,
            1 for no
  who-can   every user, group and service account allowed, with the bindings and rules that allow it
  rules     what USER may do in NAMESPACE (a SelfSubjectRulesReview), each rule with where it is written
  review    every SubjectAccessReview, LocalSubjectAccessReview, SelfSubjectAccessReview and
            SelfSubjectRulesReview of FILE answered from the RBAC files of --rbac (default .); a Self
            review is asked for the user of --as; exit 0 when every access review is allowed, 1 when one
            is denied or refused
  diff      every permission the working tree's files grant that the git revision REV did not (granted),
            and the reverse (revoked), each with its binding and rule; exit 1 with --fail-on when there is
            such a change

RESOURCE is resource[.group][/subresource] as the API names it: pods, deployments.apps, pods/exec (no group: the
core group). NAME is the third word unless a file or folder of that name exists; put -- before PATHS to be
explicit. PATHS are files, folders and glob patterns (default .). With deployments in the configuration, each
deployment holding one of the files is answered from all its files; the files of no deployment together.

Options:
  -n, --namespace NS        The request's namespace (default: cluster-wide: only ClusterRoleBindings count)
  -A, --all-namespaces      who-can: the RoleBindings of every namespace too, each for its namespace
      --as USER             The user asked about; system:serviceaccount:NS:NAME also gets the groups of its
                            tokens (system:serviceaccounts, system:serviceaccounts:NS, system:authenticated)
      --as-group GROUP      A group of the user (repeatable); system:authenticated only when given
      --url /PATH           A non-resource URL (/healthz, /metrics) instead of RESOURCE
      --deployment NAME     Answer for this deployment of the configuration only
      --no-bootstrap        Leave out the platform's bootstrap roles and bindings: the files alone
      --rbac PATHS          review: where the RBAC files are (repeatable; default .)
      --base REV            diff: the revision to compare with (a branch, a tag or a commit)
      --fail-on WHAT        diff: exit 1 when a permission is granted, revoked, or any of both
  -f, --format NAME         text (default), json; who-can, rules and diff also markdown; review also
                            yaml (the reviews with their status); diff also sarif
  -c, --config PATH         Use this configuration file (default: platlint.config.yaml, searched upward)
      --no-config           Use no configuration file
  -h, --help                Show this help

Exit codes: 0 answered (can-i: yes; review: every access review allowed), 1 can-i: no (review: one denied
or refused; diff: a change --fail-on names), 2 usage or configuration error.
`;

const OPTIONS = {
  namespace: { type: 'string', short: 'n' },
  'all-namespaces': { type: 'boolean', short: 'A' },
  as: { type: 'string' },
  'as-group': { type: 'string', multiple: true },
  url: { type: 'string' },
  deployment: { type: 'string' },
  'no-bootstrap': { type: 'boolean' },
  format: { type: 'string', short: 'f' },
  config: { type: 'string', short: 'c' },
  'no-config': { type: 'boolean' },
  rbac: { type: 'string', multiple: true },
  base: { type: 'string' },
  'fail-on': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const FORMATS: Readonly<Record<string, readonly string[]>> = {
  'can-i': ['text', 'json'],
  'who-can': ['text', 'json', 'markdown'],
  rules: ['text', 'json', 'markdown'],
  review: ['text', 'json', 'yaml'],
  diff: ['text', 'json', 'markdown', 'sarif'],
};
const FAIL_ON = ['granted', 'revoked', 'any'];

/** Whether a word of the command line names a file or folder (or a glob pattern): a path, not an object's name. */
function isPath(word: string, cwd: string): boolean {
  return /[*?[\]{}]/.test(word) || word === '.' || word === '..' || /^\.{0,2}\//.test(word) || existsSync(resolve(cwd, word));
}

/** `platlint access FORM ...`: returns the exit code. */
export async function access(argv: readonly string[], io: AccessIo): Promise<number> {
  const usage = (message: string) => {
    io.stderr(`platlint access: ${message}\nRun platlint access --help for usage.\n`);
    return 2;
  };
  const form = argv[0];
  if (form === undefined || form === '--help' || form === '-h' || form === 'help') {
    io.stdout(ACCESS_HELP);
    return form === undefined ? 2 : 0;
  }
  if (!Object.hasOwn(FORMATS, form)) return usage(`unknown form "${form}"; the forms are can-i, who-can, rules, review and diff`);
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv.slice(1)], options: OPTIONS, allowPositionals: true, strict: true, tokens: true });
  } catch (err) {
    const e = err as Error & { code?: string };
    const option = /'(-[^']*)'/.exec(e.message)?.[1];
    if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) {
      const near = closestMatches(option.replace(/^-+/, ''), Object.keys(OPTIONS))[0];
      return usage(`unknown option ${option}${near !== undefined ? `; did you mean --${near}?` : ''}`);
    }
    if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) return usage(`option ${option.split(' ')[0]} needs a value`);
    return usage(e.message.split('\n')[0]!);
  }
  const { values, positionals, tokens } = parsed;
  if (values.help) {
    io.stdout(ACCESS_HELP);
    return 0;
  }
  const format = values.format ?? 'text';
  if (!FORMATS[form]!.includes(format)) return usage(`${form} has no format "${format}"; its formats: ${FORMATS[form]!.join(', ')}`);
  // the words before `--` hold the question; those after it are paths
  const terminator = tokens.findIndex((t) => t.kind === 'option-terminator');
  const before = terminator < 0 ? positionals.length : tokens.slice(0, terminator).filter((t) => t.kind === 'positional').length;
  const words = positionals.slice(0, before);
  const after = positionals.slice(before);
  const groups = values['as-group'] ?? [];
  const base = {
    cwd: io.cwd,
    ...(values['no-config'] ? { configFile: false as const } : values.config !== undefined ? { configFile: resolve(io.cwd, values.config) } : {}),
    ...(values.deployment !== undefined ? { deployment: values.deployment } : {}),
    ...(values['no-bootstrap'] ? { bootstrap: false } : {}),
  };
  if (values.rbac !== undefined && form !== 'review') return usage('--rbac belongs to review (the other forms read the RBAC files of PATHS)');
  if (values.base !== undefined && form !== 'diff') return usage('--base belongs to diff');
  if (values['fail-on'] !== undefined && form !== 'diff') return usage('--fail-on belongs to diff');
  if (form === 'review' || form === 'diff') {
    for (const [option, given] of [['-n', values.namespace], ['--all-namespaces', values['all-namespaces']], ['--url', values.url]] as const) {
      if (given !== undefined) return usage(`${form} takes no ${option}`);
    }
  }
  if (form === 'review') return review({ ...base, files: [...words, ...after], rbac: values.rbac ?? [], user: values.as, groups }, format, io, usage);
  if (form === 'diff') {
    if (values.as !== undefined || groups.length > 0) return usage('diff compares every subject: it takes no --as or --as-group');
    if (values.base === undefined) return usage('diff needs --base REV: the git revision to compare the working tree with');
    const failOn = values['fail-on'];
    if (failOn !== undefined && !FAIL_ON.includes(failOn)) return usage(`--fail-on takes ${FAIL_ON.join(', ')}, not "${failOn}"`);
    return diff({ ...base, base: values.base, paths: [...words, ...after] }, failOn as FailOn | undefined, format, io, usage);
  }
  if (values['all-namespaces'] && form !== 'who-can') return usage('--all-namespaces belongs to who-can');
  if (values.as === undefined && groups.length > 0 && form !== 'who-can') return usage('--as-group needs --as USER');
  if (form === 'who-can' && (values.as !== undefined || groups.length > 0)) return usage('who-can asks about every subject: it takes no --as or --as-group');
  let query: AccessQuery;
  if (form === 'rules') {
    if (values.url !== undefined) return usage('rules takes no --url');
    if (values.as === undefined) return usage('rules needs --as USER: the user whose rules to list');
    if (values.namespace === undefined) return usage('rules needs -n NAMESPACE, as a SelfSubjectRulesReview does');
    query = { ...base, verb: '', user: values.as, groups, namespace: values.namespace, paths: [...words, ...after] };
  } else {
    if (form === 'can-i' && values.as === undefined) return usage('can-i needs --as USER: the user the question is asked for');
    const [verb, ...rest] = words;
    if (verb === undefined) return usage(`${form} needs a VERB and a RESOURCE (or --url /PATH)`);
    let resource: string | undefined;
    let name: string | undefined;
    if (values.url === undefined) {
      resource = rest.shift();
      if (resource === undefined) return usage(`${form} needs a RESOURCE after the verb (or --url /PATH)`);
      if (rest.length > 0 && !isPath(rest[0]!, io.cwd)) {
        name = rest.shift()!;
        if (/\.(ya?ml|json)$/.test(name)) return usage(`no file ${name}; to ask about an object of that name, put -- before the paths`);
      }
    }
    if (values.url !== undefined && values.namespace !== undefined) return usage('a --url is not in a namespace: give no -n');
    query = {
      ...base,
      verb,
      ...(resource !== undefined ? { resource } : {}),
      ...(name !== undefined ? { name } : {}),
      ...(values.url !== undefined ? { url: values.url } : {}),
      ...(values.namespace !== undefined ? { namespace: values.namespace } : {}),
      ...(values['all-namespaces'] ? { allNamespaces: true } : {}),
      ...(values.as !== undefined ? { user: values.as, groups } : {}),
      paths: [...rest, ...after],
    };
  }
  const ctx = reportContext(io.cwd);
  try {
    if (form === 'can-i') {
      const report = await canIReport(query);
      io.stdout(format === 'json' ? `${JSON.stringify(canIJson(report, ctx), null, 2)}\n` : canIText(report, ctx));
      return allAllowed(report) ? 0 : 1;
    }
    if (form === 'who-can') {
      const report = await whoCanReport(query);
      io.stdout(format === 'json' ? `${JSON.stringify(whoCanJson(report, ctx), null, 2)}\n` : format === 'markdown' ? whoCanMarkdown(report, ctx) : whoCanText(report, ctx));
      return 0;
    }
    const report = await rulesReport(query);
    io.stdout(format === 'json' ? `${JSON.stringify(rulesJson(report, ctx), null, 2)}\n` : format === 'markdown' ? rulesMarkdown(report, ctx) : rulesText(report, ctx));
    return 0;
  } catch (err) {
    return failed(err, io, usage);
  }
}

/** The exit code of an error of a form: 2 for a usage or configuration error, which is printed; others are thrown. */
function failed(err: unknown, io: AccessIo, usage: (message: string) => number): number {
  if (err instanceof UsageError || err instanceof AccessQuestionError) return usage(err.message);
  if (err instanceof ConfigError) {
    const lines = err.problems.map((p) => `  ${err.filePath}:${p.line}:${p.column}  ${p.message}`);
    io.stderr(`platlint: ${err.message}\n${lines.join('\n')}${lines.length ? '\n' : ''}`);
    return 2;
  }
  throw err;
}

/** `platlint access review FILE...`: 0 when every access review is allowed, 1 when one is denied or refused. */
async function review(query: ReviewQuery, format: string, io: AccessIo, usage: (message: string) => number): Promise<number> {
  const ctx = reportContext(io.cwd);
  try {
    const report = await reviewReport(query);
    if (format === 'yaml') {
      if (report.scopes.length > 1) return usage(`--format yaml writes one status per review, and the RBAC files are ${report.scopes.length} sets (the configuration's deployments): name one with --deployment`);
      io.stdout(reviewYaml(report));
    } else {
      io.stdout(format === 'json' ? `${JSON.stringify(reviewJson(report, ctx), null, 2)}\n` : reviewText(report, ctx));
    }
    return allReviewsAllowed(report) ? 0 : 1;
  } catch (err) {
    return failed(err, io, usage);
  }
}

/** `platlint access diff --base REV`: 1 when `--fail-on` names a change there is, else 0. */
async function diff(query: DiffQuery, failOn: FailOn | undefined, format: string, io: AccessIo, usage: (message: string) => number): Promise<number> {
  const ctx = reportContext(io.cwd);
  try {
    const report = await diffReport(query);
    if (format === 'json') io.stdout(`${JSON.stringify(diffJson(report, ctx), null, 2)}\n`);
    else if (format === 'markdown') io.stdout(diffMarkdown(report, ctx));
    else if (format === 'sarif') {
      const level = failOn === 'granted' || failOn === 'any' ? 'error' : 'note';
      const sarif = diffSarif(report, { ...ctx, srcRoot: `${pathToFileURL(io.cwd).href.replace(/\/?$/, '/')}`, informationUri: HOME_URL, helpUri: `${REPOSITORY_URL}/blob/HEAD/docs/access.md#diff`, level });
      io.stdout(`${JSON.stringify(sarif, null, 2)}\n`);
    } else io.stdout(diffText(report, ctx));
    return diffFails(report, failOn) ? 1 : 0;
  } catch (err) {
    return failed(err, io, usage);
  }
}
