// What a binding grants, for the language server's hover on its `roleRef` or one of its `subjects`: the binding
// resolved in a cluster of the open document's RBAC objects and the platform's bootstrap policy, its role's
// rules summarised.
import type { Path } from '../path.js';
import { read } from '../parse/reading.js';
import { ruleSummary } from './authorize.js';
import { buildCluster, describe } from './cluster.js';
import { permissionSubject } from './diff.js';
import { rbacOfReading } from './read.js';
import type { Binding, Subject } from './model.js';

/** How many rules a hover lists before it says how many more there are. */
const MAX_RULES = 12;

function code(s: string): string {
  return s.includes('`') ? `\`\` ${s} \`\`` : `\`${s}\``;
}

function subjectWords(s: Subject, namespace: string): string {
  const p = permissionSubject(s, namespace);
  if (!p) return `${s.kind} ${code(s.name)} (it stands for nobody${s.kind === 'ServiceAccount' ? ': a ServiceAccount needs a namespace' : ''})`;
  return p.kind === 'ServiceAccount' ? `ServiceAccount ${code(`${p.namespace}/${p.name}`)}` : `${p.kind} ${code(p.name)}`;
}

/**
 * The Markdown that says what the binding at `path` of the text's document at `offset` grants, when `path` is
 * inside its `roleRef` or one of its `subjects` (the binding alone, or an item of a list kind); undefined
 * elsewhere.
 */
export function bindingHover(text: string, offset: number, path: Path): string | undefined {
  const at = path.findIndex((p, i) => (p === 'roleRef' || p === 'subjects') && (i === 0 || (i === 2 && path[0] === 'items' && typeof path[1] === 'number')));
  if (at < 0) return undefined;
  const reading = read(text);
  const docs = reading.documents;
  let doc = docs[0];
  for (const d of docs) if (d.start <= offset) doc = d;
  if (!doc) return undefined;
  const file = rbacOfReading(reading, '');
  const prefix = path.slice(0, at);
  const sameDoc = (b: Binding) => b.origin.source === 'file' && b.origin.document === doc.index && b.origin.path.length === prefix.length + 2 && prefix.every((p, i) => b.origin.source === 'file' && b.origin.path[i] === p);
  const binding = file.bindings.find(sameDoc);
  if (!binding) return undefined;
  const subjectIndex = path[at] === 'subjects' && typeof path[at + 1] === 'number' ? (path[at + 1] as number) : undefined;
  const subject = subjectIndex === undefined ? undefined : binding.subjects.find((s) => s.index === subjectIndex);
  const cluster = buildCluster([file]);
  const namespace = binding.kind === 'RoleBinding' ? binding.namespace : '';
  const where = binding.kind === 'ClusterRoleBinding' ? 'cluster-wide' : namespace === '' ? 'in the namespace it is applied in' : `in namespace ${code(namespace)}`;
  const to = subject ? subjectWords(subject, namespace) : binding.subjects.length === 0 ? 'no subject' : binding.subjects.map((s) => subjectWords(s, namespace)).join(', ');
  const lines = [`**${binding.kind} ${code(binding.kind === 'RoleBinding' && namespace !== '' ? `${namespace}/${binding.name}` : binding.name)}** grants ${to}, ${where}:`, ''];
  const resolved = cluster.resolve(binding, namespace);
  if (resolved.role === undefined) {
    const ref = `${binding.roleRef.kind} ${code(binding.roleRef.name)}`;
    lines.push(resolved.error !== undefined ? `nothing: its roleRef names ${ref}, which neither this document nor the platform defines (${resolved.error})` : `what ${ref} allows, which is not known: ${resolved.unknown}`);
    return lines.join('\n');
  }
  const role = resolved.role;
  const rules = role.rules.filter((r) => binding.kind === 'ClusterRoleBinding' || r.resources.length > 0);
  if (rules.length === 0) lines.push('nothing: the role has no rule');
  for (const r of rules.slice(0, MAX_RULES)) lines.push(`- ${ruleSummary(r).replace(/[\\*_[\]<>]/g, '\\$&')}`);
  if (rules.length > MAX_RULES) lines.push(`- and ${rules.length - MAX_RULES} more rules`);
  const from = role.bootstrap ? "the platform's bootstrap policy" : 'this document';
  const aggregated = role.aggregation && role.aggregation.problem === undefined ? `, aggregated from ${role.aggregation.from.length} ClusterRole${role.aggregation.from.length === 1 ? '' : 's'}` : '';
  const urls = binding.kind === 'RoleBinding' && role.rules.some((r) => r.nonResourceURLs.length > 0) ? ' (its non-resource URLs are not granted: a RoleBinding grants no URL)' : '';
  lines.push('', `through ${describe(role)} (${from}${aggregated})${urls}`);
  return lines.join('\n');
}
