// The import rules of the house (npm run deps, part of npm test). The pipeline's stages, from the bottom up: a
// file imports only files of its own stage or of the stages below it, and no import circle exists anywhere.
// A stage's folder is listed once here; docs/development.md, "How the code is organised", says what each one takes and gives.
/** @type {[string, string][][]} the stages, bottom first; each a list of (name, path pattern) pairs side by side */
const STAGES = [
  [['generated', '^src/generated/']],
  [['finding', '^src/(path|finding|version)\\.ts$']],
  [['services', '^src/services/']],
  [['read', '^src/read/'], ['kinds', '^src/kinds/']],
  [['parse', '^src/parse/']],
  [['rule-contract', '^src/(define-rule|redact)\\.ts$']],
  [['rules', '^rules/']],
  [['check', '^src/check/']],
  [['config', '^src/config/']],
  [['lint', '^src/lint/']],
  [['access', '^src/access/']],
  [['report', '^src/report/'], ['flags', '^src/flags/']],
  [['files', '^src/files/']],
  [['cli', '^src/cli/'], ['lsp', '^src/lsp/'], ['api', '^src/(index|browser|browser-host)\\.ts$']],
];

const any = (patterns) => `(${patterns.join('|')})`;
const forbidden = [
  {
    name: 'no-circular',
    severity: 'error',
    comment: 'An import circle: the two files named depend on each other through the cycle shown.',
    from: {},
    to: { circular: true },
  },
];
STAGES.forEach((stage, i) => {
  const above = STAGES.slice(i + 1).flat();
  stage.forEach(([name, path], j) => {
    if (above.length > 0) {
      forbidden.push({
        name: `up-from-${name}`,
        severity: 'error',
        comment: `A stage imports only the stages below it: ${name} must not import ${above.map(([n]) => n).join(', ')}.`,
        from: { path },
        to: { path: any(above.map(([, p]) => p)) },
      });
    }
    // stages side by side (read and kinds, report and flags, cli and lsp) do not import each other
    const siblings = stage.filter((_, k) => k !== j);
    if (siblings.length > 0) {
      forbidden.push({
        name: `side-by-side-${name}`,
        severity: 'error',
        comment: `${name} and ${siblings.map(([n]) => n).join(', ')} are stages side by side: neither imports the other.`,
        from: { path },
        to: { path: any(siblings.map(([, p]) => p)) },
      });
    }
  });
});
// the build's scripts (src/tools/) may import anything; nothing else imports them
forbidden.push({
  name: 'no-tools',
  severity: 'error',
  comment: 'src/tools/ holds the build scripts: the product does not import them.',
  from: { pathNot: '^src/tools/' },
  to: { path: '^src/tools/' },
});
// the core (every stage below files/) runs in a browser too: file access, threads and the clock are passed in
forbidden.push({
  name: 'core-without-node',
  severity: 'error',
  comment: 'A stage below files/ imports a Node.js built-in: pass what it needs in from files/, cli/ or lsp/ (src/services/host.ts).',
  from: { path: '^(src|rules)/', pathNot: '^src/(files|cli|lsp|tools)/|^src/index\\.ts$' },
  to: { dependencyTypes: ['core'] },
});

// one reading of a text (src/parse/reading.ts): only the readers use the `yaml` package; the other stages get what
// they need from src/parse/ (the reading, its locators, lines and comments)
forbidden.push({
  name: 'yaml-only-in-parse',
  severity: 'error',
  comment: 'Only src/parse/ (and the build scripts) import the yaml package: ask the reading (src/parse/reading.ts) instead.',
  from: { pathNot: '^src/(parse|tools)/' },
  to: { path: '^yaml$|(^|/)node_modules/yaml/' },
});

module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    // (the npm packages are not followed, but imports of them are seen: yaml-only-in-parse)
    exclude: { path: '^(dist|test|fixtures)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.d.ts', '.js', '.mjs', '.cjs', '.json'] },
  },
};
