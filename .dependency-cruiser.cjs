// The import rules of the house (npm run deps, part of npm test). The pipeline's stages, from the bottom up: a
// file imports only files of its own stage or of the stages below it, and no import circle exists anywhere.
// A stage's folder is listed once here; README "How the code is organised" says what each one takes and gives.
/** @type {string[][]} the stages, bottom first; each a list of path patterns (regular expressions) */
const STAGES = [
  ['^src/generated/'],
  ['^src/(path|finding|version)\\.ts$'],
  ['^src/services/'],
  ['^src/read/', '^src/kinds/'],
  ['^src/parse/'],
  ['^src/(define-rule|redact)\\.ts$'],
  ['^rules/'],
  ['^src/check/'],
  ['^src/config/'],
  ['^src/lint/'],
  ['^src/report/', '^src/flags/'],
  ['^src/files/'],
  ['^src/(cli|lsp)/', '^src/(index|browser)\\.ts$'],
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
  if (above.length > 0) {
    forbidden.push({
      name: `stage-order-${i}`,
      severity: 'error',
      comment: `A stage imports only the stages below it: ${stage.join(', ')} must not import ${above.join(', ')}.`,
      from: { path: any(stage) },
      to: { path: any(above) },
    });
  }
  // stages side by side (read and kinds, report and flags, cli and lsp) do not import each other
  stage.forEach((own, j) => {
    const siblings = stage.filter((_, k) => k !== j);
    if (siblings.length > 0) {
      forbidden.push({
        name: `stage-siblings-${i}-${j}`,
        severity: 'error',
        comment: `${own} and ${siblings.join(', ')} are stages side by side: neither imports the other.`,
        from: { path: own },
        to: { path: any(siblings) },
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
  comment: 'A stage below files/ imports a Node built-in: pass what it needs in from files/, cli/ or lsp/.',
  from: { path: '^(src|rules)/', pathNot: '^src/(files|cli|lsp|tools)/|^src/index\\.ts$' },
  to: { dependencyTypes: ['core'] },
});

module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|test|fixtures|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.d.ts', '.js', '.mjs', '.cjs', '.json'] },
  },
};
