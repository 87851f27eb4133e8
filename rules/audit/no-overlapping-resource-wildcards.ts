import { defineRule, relatedAt } from '../../src/define-rule.js';
import { policies } from './_policies.js';
import { items, objItems, str } from '../../src/services/values.js';


/**
 * What a resources entry matches: a resource (any when undefined) and which subresources: `none` (the resource
 * itself), `name` (one subresource), `some` (any subresource) or `all` (the resource and any subresource).
 */
interface Pattern {
  resource: string | undefined;
  sub: 'none' | 'some' | 'all' | { name: string };
  wildcard: boolean;
}

function pattern(entry: string): Pattern {
  if (entry === '*') return { resource: undefined, sub: 'all', wildcard: true };
  const slash = entry.indexOf('/');
  if (slash < 0) return { resource: entry, sub: 'none', wildcard: false };
  const res = entry.slice(0, slash);
  const sub = entry.slice(slash + 1);
  const resource = res === '*' ? undefined : res;
  if (sub === '*') return { resource, sub: resource === undefined ? 'some' : 'all', wildcard: true };
  return { resource, sub: { name: sub }, wildcard: resource === undefined };
}

function overlap(a: Pattern, b: Pattern): boolean {
  if (a.resource !== undefined && b.resource !== undefined && a.resource !== b.resource) return false;
  if (a.sub === 'all' || b.sub === 'all') return true;
  if (a.sub === 'none' || b.sub === 'none') return a.sub === b.sub;
  if (a.sub === 'some' || b.sub === 'some') return true;
  return a.sub.name === b.sub.name;
}

export default defineRule({
  id: 'audit/no-overlapping-resource-wildcards',
  kinds: ['Policy', 'PolicyList'],
  meta: {
    description: 'Wildcard entries in the `resources` list of an audit rule resource entry do not overlap other entries.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'In a GroupResources `resources` list, `*` matches every resource and subresource, `pods/*` matches pods and all their subresources and `*/status` the status subresource of every resource; the spec asks that wildcards do not overlap, and an entry covered by a wildcard is dead text that hides what the rule really audits. The platform does not check it (apiserver pkg/apis/audit/validation/validation.go): the policy loads and the overlapping entries simply match the same requests, so this is a warning.',
      remediation: 'Remove the entry that is already covered, or narrow the wildcard.',
      spec: '3-config-and-payload-types.md#audit-policy (GroupResources: resources; wildcards must not overlap)',
    },
  },
  check(value, ctx) {
    for (const [prefix, policy] of policies(value, ctx.kind.kind)) {
      for (const [i, rule] of objItems(policy.rules)) {
        for (const [j, gr] of objItems(rule.resources)) {
          const seen: [number, string, Pattern][] = [];
          for (const [k, item] of items(gr.resources)) {
            const entry = str(item);
            if (entry === undefined || entry === '') continue;
            const p = pattern(entry);
            const base = [...prefix, 'rules', i, 'resources', j, 'resources'];
            const first = seen.find(([, e, q]) => (p.wildcard || q.wildcard) && overlap(p, q));
            if (first) {
              const [fk, fe] = first;
              ctx.report([...base, k], `\`${entry}\` overlaps \`${fe}\` at ${relatedAt()}; wildcards in one list must not overlap`, {
                related: [{ path: [...base, fk], message: `\`${fe}\` is here` }],
              });
            }
            seen.push([k, entry, p]);
          }
        }
      }
    }
  },
});
