// The CEL service (environments, platform rejections, result types, the compile cache, lazy loading) and the
// offset tables that map characters of decoded YAML scalars back to the file.
import { describe, expect, it } from 'vitest';
import { isScalar, parseDocument } from 'yaml';
import { lintText } from '../src/lint/lint.js';
import { CEL_CACHE_CHARS, CEL_CACHE_ENTRIES, celCacheSize, celCompileCount, celLoaded, celService, celTypeName, resultTypeProblem, type CelOutcome } from '../src/services/cel.js';
import { re2Problem, isTimestamp } from '../src/services/cel-checks.js';
import { celExpressions } from '../src/services/cel-sites.js';
import { mapSpan, scalarOffsets } from '../src/parse/scalar-offsets.js';

const TRACING = `apiVersion: apiserver.config.plat.io/v1
kind: TracingConfiguration
endpoint: localhost:4317
samplingRatePerMillion: 100
`;

describe('loading', () => {
  // must run first in this file: nothing before it has compiled an expression
  it('does not load the CEL library for documents without CEL', () => {
    const r = lintText(TRACING);
    expect(r.documentsChecked).toBe(1);
    expect(celLoaded()).toBe(false);
  });
  it('loads it on the first expression', () => {
    expect(celService.check('claims', 'claims.sub == "a"')).toEqual({ status: 'ok', type: 'bool' });
    expect(celLoaded()).toBe(true);
  });
});

const ok = (type: string): CelOutcome => ({ status: 'ok', type });
const errorOf = (o: CelOutcome) => (o.status === 'error' ? o : undefined);

describe('environments', () => {
  it('give each site exactly its variable', () => {
    expect(celService.check('claims', "claims.sub == 'a'")).toEqual(ok('bool'));
    expect(errorOf(celService.check('user', "claims.sub == 'a'"))?.message).toBe('undeclared reference to `claims`');
    expect(errorOf(celService.check('claims', "request.user == 'a'"))?.message).toBe('undeclared reference to `request`');
    expect(errorOf(celService.check('request', 'user.username'))?.message).toBe('undeclared reference to `user`');
    expect(errorOf(celService.check('claims', 'authorizer.path("/x")'))?.message).toBe('undeclared reference to `authorizer`');
  });
  it('declare the user info fields', () => {
    expect(celService.check('user', 'user.username')).toEqual(ok('string'));
    expect(celService.check('user', 'user.uid')).toEqual(ok('string'));
    expect(celService.check('user', 'user.groups')).toEqual(ok('list(string)'));
    expect(celService.check('user', 'user.extra')).toEqual(ok('map(string, list(string))'));
    expect(errorOf(celService.check('user', "user.name == 'a'"))).toMatchObject({ message: 'undefined field `name`', start: 5, end: 9 });
  });
  it('declare the SubjectAccessReview spec in v1 form', () => {
    for (const f of ['namespace', 'verb', 'group', 'version', 'resource', 'subresource', 'name']) {
      expect(celService.check('request', `request.resourceAttributes.${f}`)).toEqual(ok('string'));
    }
    expect(celService.check('request', 'request.resourceAttributes.fieldSelector.requirements[0].values')).toEqual(ok('list(string)'));
    expect(celService.check('request', 'request.resourceAttributes.labelSelector.rawSelector')).toEqual(ok('string'));
    expect(celService.check('request', 'request.nonResourceAttributes.path')).toEqual(ok('string'));
    expect(celService.check('request', 'request.groups')).toEqual(ok('list(string)'));
    expect(celService.check('request', 'request.resourceAttributes != null')).toEqual(ok('bool'));
    expect(errorOf(celService.check('request', "('group3' in request.group)"))).toMatchObject({ message: 'undefined field `group`', start: 21, end: 26 });
    expect(errorOf(celService.check('request', 'has(request.resourceAttributes.names)'))?.message).toBe('undefined field `names`');
    expect(errorOf(celService.check('request', "request['user'] == 'a'"))?.message).toMatch(/^no index operator/);
  });
  it('offer the platform extension libraries', () => {
    const good = [
      "claims.sub.charAt(0) == 'a'",
      "claims.sub.replace('a', 'b') == 'c'",
      "'%s'.format([claims.sub]) == 'a'",
      "strings.quote(claims.sub) != ''",
      "sets.contains(['a'], ['a'])",
      "sets.intersects(claims.groups, ['a'])",
      '[3, 1].sort() == [1, 3]',
      "lists.range(3).reverse().distinct().slice(0, 1) == [2]",
      '[[1], [2]].flatten().isSorted()',
      "[1, 2].sum() == 3 && [1, 2].max() == 2 && ['a'].indexOf('a') == 0",
      "[1, 2].first().orValue(0) == 1",
      "claims.sub.find('[0-9]+') != '' && claims.sub.findAll('a').size() > 0",
      "isURL(claims.iss) && url(claims.iss).getHostname() == 'a' && url(claims.iss).getQuery().size() == 0",
      "ip('10.0.0.1').isLoopback() || isIP(claims.ip) || ip.isCanonical('::1')",
      "cidr('10.0.0.0/8').containsIP('10.0.0.1') && cidr('10.0.0.0/8').prefixLength() == 8",
      "quantity('1Gi').isGreaterThan(quantity('1Mi')) && isQuantity('1k')",
      "semver('1.2.3').isLessThan(semver('1.3.0')) && isSemver('1.0.0', true)",
      "format.named('dns1123Label').hasValue() && !format.uuid().validate(claims.sub).hasValue()",
      "claims.all(k, v, k != '')",
      "[1, 2].exists(i, v, i == v)",
      "{'a': 1}.transformMap(k, v, v + 1).size() == 1",
      "[1].transformList(i, v, v * 2) == [2]",
      "[3, 1].sortBy(e, -e) == [3, 1]",
      "claims.?x.optMap(v, v + 'a').orValue('') != ''",
      "optional.ofNonZeroValue(claims.sub).hasValue()",
      "claims.exp < timestamp('2030-01-01T00:00:00Z').getSeconds() + duration('1h30m').getSeconds()",
      "claims.sub.matches('^(?i)[a-z]+$')",
      "int(timestamp('2024-01-01T00:00:00Z')) > 0 && string(duration('1s')) == '1s' && int(1u) == 1",
      'optional.unwrap([optional.of(1)]).size() == 1',
      'claims.exp > -9223372036854775808 && claims.exp < 9223372036854775807',
      "format.dns1123Label().validate(claims.sub) == optional.none()",
    ];
    for (const e of good) expect([e, celService.check('claims', e).status]).toEqual([e, 'ok']);
  });
});

describe('platform rejections', () => {
  const cases: [string, RegExp][] = [
    ['cel.bind(x, claims.sub, x)', /cel\.bind/],
    ["b'a'.hex() == 'a'", /undeclared reference to `hex`/],
    ["duration('1day') > duration('1s')", /`1day` is not a duration/],
    ["timestamp('2024-13-01T00:00:00Z') > timestamp('2024-01-01T00:00:00Z')", /not an RFC 3339 timestamp/],
    ["claims.sub.matches('(?=a)')", /Perl syntax/],
    ["matches(claims.sub, 'a**')", /nested repetition/],
    ["claims.sub.find('(a') == ''", /invalid regular expression/],
    ['claims.sub.startsWith(1)', /no matching overload for `startsWith` applied to `dyn\.\(int\)`/],
    ["lower(claims.email) == 'a'", /undeclared reference to `lower`/],
    ['[1, "a"]', /same type/],
    ['claims.exp > 9223372036854775808', /out of range/],
    ["'abc'.reverse() == 'cba'", /no matching overload/],
    ['math.greatest(1, 2) == 2', /undeclared reference to `math`/],
    ["base64.encode(b'a') == 'YQ=='", /undeclared reference to `base64`/],
  ];
  for (const [expr, message] of cases) {
    it(expr, () => {
      const out = celService.check('claims', expr);
      expect(out.status).toBe('error');
      expect(errorOf(out)?.message).toMatch(message);
    });
  }
  it('points at the operator of a failed binary expression', () => {
    expect(errorOf(celService.check('request', 'request.nonResourceAttributes.verb == 2'))).toMatchObject({ start: 35, end: 37 });
  });
  it('points at the last character for an expression cut short', () => {
    expect(errorOf(celService.check('claims', 'claims.iss == \n'))).toMatchObject({ message: 'syntax error: unexpected end of expression', start: 12, end: 13 });
  });
  it('checks RE2 syntax rather than JavaScript syntax', () => {
    expect(re2Problem('(?i)abc')).toBeUndefined();
    expect(re2Problem('(?P<year>[0-9]{4})-[[:digit:]]+\\z')).toBeUndefined();
    expect(re2Problem('a(?<=b)')).toMatch(/Perl syntax/);
    expect(re2Problem('(a)\\1')).toMatch(/escape/);
    expect(re2Problem('\\y')).toMatch(/escape/);
    expect(re2Problem('a*?')).toBeUndefined();
  });
  it('checks timestamp calendars', () => {
    expect(isTimestamp('2024-02-29T00:00:00Z')).toBe(true);
    expect(isTimestamp('2023-02-29T00:00:00Z')).toBe(false);
    expect(isTimestamp('2024-01-01T00:00:00.5+02:00')).toBe(true);
    expect(isTimestamp('2024-01-01')).toBe(false);
  });
  it('reports optional list and map entries as unsupported, not as errors', () => {
    expect(celService.check('claims', "['a', ?claims.?b]").status).toBe('unsupported');
  });
});

describe('result types', () => {
  it('are printed in CEL notation', () => {
    expect(celTypeName('list<string>')).toBe('list(string)');
    expect(celTypeName('optional<A>')).toBe('optional_type(dyn)');
    expect(celTypeName('map<string, list<string>>')).toBe('map(string, list(string))');
    expect(celTypeName('list')).toBe('list(dyn)');
  });
  it('need exactly bool for rules and conditions', () => {
    expect(resultTypeProblem('bool', 'bool')).toBeUndefined();
    expect(resultTypeProblem('dyn', 'bool')).toBe('`bool`');
    expect(resultTypeProblem('string', 'bool')).toBe('`bool`');
  });
  it('accept string or dyn for username and uid', () => {
    expect(resultTypeProblem('string', 'string')).toBeUndefined();
    expect(resultTypeProblem('dyn', 'string')).toBeUndefined();
    expect(resultTypeProblem('bool', 'string')).toBe('`string`');
    expect(resultTypeProblem('list(string)', 'string')).toBe('`string`');
  });
  it('accept a string or a list of strings (or dyn) for groups and extra', () => {
    for (const t of ['string', 'dyn', 'list(string)', 'list(dyn)']) expect(resultTypeProblem(t, 'string-or-list')).toBeUndefined();
    for (const t of ['int', 'bool', 'list(int)', 'map(string, dyn)', 'optional_type(dyn)']) expect(resultTypeProblem(t, 'string-or-list')).toBeDefined();
  });
  it('come from the checker', () => {
    expect(celService.check('claims', 'claims.email_verified')).toEqual(ok('dyn'));
    expect(celService.check('claims', "['a' + claims.x]")).toEqual(ok('list(string)'));
    expect(celService.check('claims', 'claims.groups.distinct()')).toEqual(ok('list(dyn)'));
    expect(celService.check('claims', 'claims.?x')).toEqual(ok('optional_type(dyn)'));
  });
});

describe('expression sites', () => {
  it('are found in every position of both kinds', () => {
    const authn = {
      jwt: [
        {
          claimValidationRules: [{ expression: 'a' }, { claim: 'x' }],
          claimMappings: { username: { expression: 'b' }, groups: { expression: 'c' }, uid: { expression: 'd' }, extra: [{ key: 'k', valueExpression: 'e' }] },
          userValidationRules: [{ expression: 'f' }, { expression: 3 }],
        },
      ],
    };
    expect(celExpressions('AuthenticationConfiguration', authn).map((e) => [e.path.join('.'), e.site.variable, e.site.result])).toEqual([
      ['jwt.0.claimValidationRules.0.expression', 'claims', 'bool'],
      ['jwt.0.claimMappings.username.expression', 'claims', 'string'],
      ['jwt.0.claimMappings.groups.expression', 'claims', 'string-or-list'],
      ['jwt.0.claimMappings.uid.expression', 'claims', 'string'],
      ['jwt.0.claimMappings.extra.0.valueExpression', 'claims', 'string-or-list'],
      ['jwt.0.userValidationRules.0.expression', 'user', 'bool'],
    ]);
    const authz = { authorizers: [{ type: 'RBAC' }, { webhook: { matchConditions: [{ expression: 'g' }] } }] };
    expect(celExpressions('AuthorizationConfiguration', authz).map((e) => [e.path.join('.'), e.site.variable])).toEqual([['authorizers.1.webhook.matchConditions.0.expression', 'request']]);
    expect(celExpressions('AuthenticationConfiguration', { jwt: 'x' })).toEqual([]);
    expect(celExpressions('TracingConfiguration', { jwt: [] })).toEqual([]);
  });
});

describe('compile cache', () => {
  it('stays at its bound over thousands of distinct expressions, evicting the least recently used, with right results', () => {
    expect(CEL_CACHE_ENTRIES).toBe(2000);
    const run = Math.random().toString(36).slice(2);
    const good = (i: number) => `claims.sub == 'lru-${run}-${i}'`;
    const bad = (i: number) => `claims.sub == ${i} + 'lru-${run}'`;
    const N = 3500;
    for (let i = 0; i < N; i++) {
      // every expression is checked right, the first time (compiled) as the later ones (cached)
      const expr = i % 2 === 0 ? good(i) : bad(i);
      const outcome = celService.check('claims', expr);
      if (i % 2 === 0) expect(outcome, expr).toEqual({ status: 'ok', type: 'bool' });
      else expect(outcome, expr).toEqual({ status: 'error', message: 'found no matching overload for `+` applied to `(int, string)`', start: 15 + String(i).length, end: 16 + String(i).length });
      expect(celService.check('claims', expr)).toBe(outcome);
      // the first expression stays in use, so it stays cached
      celService.check('claims', good(0));
      expect(celCacheSize().entries).toBeLessThanOrEqual(CEL_CACHE_ENTRIES);
    }
    expect(celCacheSize().entries).toBe(CEL_CACHE_ENTRIES);
    const before = celCompileCount();
    // recently used ones are hits
    celService.check('claims', good(0));
    celService.check('claims', bad(N - 1));
    celService.check('claims', good(N - 2));
    expect(celCompileCount()).toBe(before);
    // the least recently used were evicted: compiled again, with the same outcome
    expect(celService.check('claims', good(2))).toEqual({ status: 'ok', type: 'bool' });
    expect(celService.check('claims', bad(1))).toEqual({ status: 'error', message: 'found no matching overload for `+` applied to `(int, string)`', start: 16, end: 17 });
    expect(celCompileCount()).toBe(before + 2);
    expect(celCacheSize().entries).toBe(CEL_CACHE_ENTRIES);
  });
  it('keeps a bounded number of characters of expressions', () => {
    const big = (i: number) => `claims.sub == '${String(i).padEnd(100_000, 'x')}'`;
    for (let i = 0; i < 30; i++) expect(celService.check('claims', big(i))).toEqual({ status: 'ok', type: 'bool' });
    expect(celCacheSize().chars).toBeLessThanOrEqual(CEL_CACHE_CHARS);
    expect(celCacheSize().entries).toBeLessThan(CEL_CACHE_ENTRIES);
    // the newest is still cached
    const before = celCompileCount();
    celService.check('claims', big(29));
    expect(celCompileCount()).toBe(before);
  });
  it('compiles each (variable, expression) once', () => {
    const before = celCompileCount();
    const expr = `claims.sub == 'cache-${Math.random()}'`;
    celService.check('claims', expr);
    celService.check('claims', expr);
    expect(celCompileCount()).toBe(before + 1);
    celService.check('user', expr);
    expect(celCompileCount()).toBe(before + 2);
  });
  it('is shared by rules and runs', () => {
    const text = `apiVersion: apiserver.config.plat.io/v1
kind: AuthenticationConfiguration
jwt:
  - issuer:
      url: https://sso.example.com
      audiences: [plat]
    claimMappings:
      username:
        expression: claims.exp > ${Math.floor(Math.random() * 1e9)}
`;
    const before = celCompileCount();
    const first = lintText(text);
    expect(first.diagnostics.map((d) => d.ruleId).filter((id) => id.startsWith('cel/'))).toEqual(['cel/mapping-type']);
    expect(celCompileCount()).toBe(before + 1);
    lintText(text);
    expect(celCompileCount()).toBe(before + 1);
  });
});

/** The decoded value of the first `e:` scalar, its offset table, and the text. */
function scalarOf(yamlText: string) {
  const doc = parseDocument(yamlText);
  const node = doc.get('e', true);
  if (!isScalar(node)) throw new Error('no scalar');
  const offsets = scalarOffsets(node, yamlText);
  return { value: node.value as string, offsets, type: node.type };
}

/** Checks that every character maps to source text that decodes to it (literally, or through an escape). */
function expectFaithful(yamlText: string, escapes: Record<string, string> = {}) {
  const { value, offsets } = scalarOf(yamlText);
  expect(offsets).toBeDefined();
  for (let i = 0; i < value.length; i++) {
    const src = yamlText.slice(offsets!.starts[i], offsets!.ends[i]);
    const ch = value[i]!;
    if (src === ch) continue;
    if (ch === ' ' && /^\r?\n$/.test(src)) continue; // a folded line break
    if (ch === '\n' && /^\r?\n$/.test(src)) continue;
    expect([i, ch, (escapes[src] ?? src).includes(ch)]).toEqual([i, ch, true]);
  }
  return { value, offsets: offsets! };
}

describe('scalar offsets', () => {
  it('plain, one line', () => {
    const text = 'e: claims.sub == 1\n';
    const { offsets } = expectFaithful(text);
    expect(mapSpan(offsets, { start: 11, end: 13 })).toEqual({ start: 14, end: 16 });
  });
  it('plain, folded over lines', () => {
    const { value } = expectFaithful('e: claims.a &&\n  claims.b\n\n  && c\n');
    expect(value).toBe('claims.a && claims.b\n&& c');
  });
  it('double quoted, with escapes and folding', () => {
    const text = 'e: "a \\"b\\" \\u00e9\\x41\\t\\\\ \\U0001F600 c\n  d\\\n  e"\n';
    const { value, offsets } = expectFaithful(text, { '\\"': '"', '\\u00e9': 'é', '\\x41': 'A', '\\t': '\t', '\\\\': '\\', '\\U0001F600': '\u{1F600}' });
    expect(value).toBe('a "b" éA\t\\ \u{1F600} c de');
    const at = value.indexOf('\u{1F600}');
    expect(text.slice(offsets.starts[at + 1], offsets.ends[at + 1])).toBe('\\U0001F600');
    const d = value.indexOf('d');
    const span = mapSpan(offsets, { start: d, end: d + 2 })!;
    expect(text.slice(span.start, span.end)).toBe('d\\\n  e');
  });
  it("single quoted, with '' and folding", () => {
    const { value, offsets } = expectFaithful("e: 'it''s\n\n  ok'\n", { "''": "'" });
    expect(value).toBe("it's\nok");
    expect(offsets.ends[2]! - offsets.starts[2]!).toBe(2);
  });
  it('block literal, with indentation kept beyond the block indent', () => {
    const text = 'e: |\n  a &&\n    b\n  c\n';
    const { value, offsets } = expectFaithful(text);
    expect(value).toBe('a &&\n  b\nc\n');
    expect(text.slice(offsets.starts[7], offsets.ends[7])).toBe('b');
  });
  it('block literal, stripped and with an explicit indentation indicator', () => {
    expectFaithful('e: |-\n  x == 1\n\n');
    const { value } = expectFaithful('e: |2\n    x\n  y\n');
    expect(value).toBe('  x\ny\n');
  });
  it('block literal with an indentation indicator inside a sequence item', () => {
    const text = 'l:\n  - e: |2\n        x\n      y\n';
    const doc = parseDocument(text);
    const node = doc.getIn(['l', 0, 'e'], true);
    if (!isScalar(node)) throw new Error('no scalar');
    expect(node.value).toBe('  x\ny\n');
    const offsets = scalarOffsets(node, text)!;
    expect(text.slice(offsets.starts[2], offsets.ends[2])).toBe('x');
    expect(text.slice(offsets.starts[4], offsets.ends[4])).toBe('y');
  });
  it('block folded', () => {
    const text = 'e: >\n  a &&\n  b\n\n  c\n    more\n  d\n';
    const { value, offsets } = expectFaithful(text);
    expect(value).toBe('a && b\nc\n  more\nd\n');
    expect(text.slice(offsets.starts[6], offsets.ends[6])).toBe('\n');
  });
  it('CRLF line breaks', () => {
    expectFaithful('e: "a\r\n  b"\r\n');
    expectFaithful('e: |\r\n  a\r\n  b\r\n');
  });
  it('no table for non-strings', () => {
    const doc = parseDocument('e: 12\n');
    expect(scalarOffsets(doc.get('e', true) as never, 'e: 12\n')).toBeUndefined();
  });
});

describe('valid CEL the library cannot handle', () => {
  const gap = (o: CelOutcome) => (o.status === 'unsupported' ? [o.message.split(' (')[0]!.split(';')[0], o.start, o.end] : o);
  it('declares bytes ordering, which cel-go has', () => {
    for (const op of ['<', '<=', '>', '>=']) expect(celService.check('claims', `b'a' ${op} bytes(claims.sub)`)).toEqual(ok('bool'));
    expect(errorOf(celService.check('claims', "b'a' < 'b'"))?.message).toBe('found no matching overload for `<` applied to `(bytes, string)`');
  });
  it('checks optional selection and construction', () => {
    expect(celService.check('claims', "claims.?a.?b.orValue('')")).toEqual(ok('dyn'));
    expect(celService.check('user', "user.?username.orValue('')")).toEqual(ok('string'));
    expect(celService.check('claims', "optional.of('a').or(optional.none()).value()")).toEqual(ok('string'));
  });
  it('checks names written from the root scope and floats written `.5` as their equivalents, with the offsets of the text', () => {
    expect(celService.check('claims', "claims.sub == .claims.x")).toEqual(ok('bool'));
    expect(celService.check('claims', "claims.n * .5 < 1.0")).toEqual(ok('bool'));
    expect(errorOf(celService.check('claims', '.claims.sub == .user.x'))).toMatchObject({ message: 'undeclared reference to `user`', start: 16, end: 20 });
    expect(errorOf(celService.check('claims', 'claims.groups.map(g, .substring(1))'))?.message).toBe('found no matching overload for `substring(int)`');
    expect(errorOf(celService.check('claims', ".5 + 'a'"))).toMatchObject({ message: 'found no matching overload for `+` applied to `(double, string)`', start: 3, end: 4 });
  });
  it('bounds the rewrites of one expression (each parses the whole text)', () => {
    expect(celService.check('claims', Array(16).fill('.5').join(' + ') + ' > 1.0')).toEqual(ok('bool'));
    const many = Array(40).fill('.5').join(' + ');
    expect(celService.check('claims', many)).toMatchObject({ status: 'unsupported', start: 5 * 16, end: 5 * 16 + 1 });
  });
  it('reports optional entries, has() on a computed value, mixed format() lists and message literals as unsupported', () => {
    expect(gap(celService.check('claims', '[?claims.?nick]'))).toEqual(['platlint cannot parse optional list and map entries', 1, 2]);
    expect(gap(celService.check('claims', "{'x': 1, ?'a': claims.?b}.size() > 0"))).toEqual(['platlint cannot parse optional list and map entries', 9, 10]);
    expect(celService.check('claims', '"[?" + claims.sub')).toEqual(ok('string'));
    expect(gap(celService.check('claims', "has({'a': 1}.a)"))).toEqual(['platlint cannot check `has()` on a field of a computed value', 0, 15]);
    expect(gap(celService.check('claims', 'claims.sub == "x" && has(claims.orgs[0].name)'))).toEqual(['platlint cannot check `has()` on a field of a computed value', 21, 45]);
    expect(gap(celService.check('claims', "'%s %d'.format(['a', 1])"))).toEqual(['platlint cannot check a `format()` argument list whose items have different types', 15, 23]);
    expect(gap(celService.check('claims', 'google.protobuf.Timestamp{seconds: 1}'))).toEqual(['platlint cannot parse protobuf message literals such as `google.protobuf.Timestamp{...}`', 0, 26]);
  });
  it('keeps the errors that look like them', () => {
    expect(errorOf(celService.check('claims', 'has([1][0])'))?.message).toBe('`has()` takes a field selection, such as `has(claims.email)`');
    expect(errorOf(celService.check('claims', 'has(claims)'))?.message).toBe('`has()` takes a field selection, such as `has(claims.email)`');
    expect(errorOf(celService.check('claims', 'claims..sub'))?.message).toBe('syntax error: expected IDENTIFIER, got DOT');
    expect(errorOf(celService.check('claims', "claims.sub == 'a' ."))?.message).toBe('syntax error: expected IDENTIFIER, got EOF');
    expect(errorOf(celService.check('claims', "[1, 'a'].size() == 2"))?.message).toBe('list elements must have the same type, expected type `int` but found `string`');
    expect(errorOf(celService.check('claims', 'foo{a: 1}'))?.message).toBe('syntax error: unexpected character `{`');
    expect(errorOf(celService.check('claims', 'f(a, ?b)'))).toMatchObject({ message: 'syntax error: unexpected token: QUESTION', start: 5, end: 6 });
    expect(errorOf(celService.check('claims', '[?claims.?nick] + [1, '))).toMatchObject({ message: 'syntax error: unexpected end of expression', start: 20, end: 21 });
    expect(errorOf(celService.check('claims', "[1] < [2]"))?.message).toBe('found no matching overload for `<` applied to `(list(int), list(int))`');
  });
});
