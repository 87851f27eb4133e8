// Hover: the field under the cursor, described from its kind's JSON Schema (description, type, whether
// required, default and limits), as Markdown. Values are never shown: only what the schema says. On a
// binding's roleRef or subjects, what the binding grants comes first (src/access/hover.ts).
import type { Hover } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { fieldPath } from '../kinds/field-path.js';
import { cursorAt, lexedText, type LineReading } from './cursor.js';
import type { FieldInfo, SchemaDocs } from '../files/schema-docs.js';
import { bindingHover } from '../access/hover.js';

function code(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.includes('`') ? `\`\` ${s} \`\`` : `\`${s}\``;
}

/** The Markdown of a field's hover. */
export function fieldMarkdown(name: string, where: string, info: FieldInfo): string {
  const head = [`**${name}**`, info.type ? code(info.type) : undefined, info.required ? 'required' : 'optional'].filter(Boolean).join(' · ');
  const lines = [head, ''];
  if (info.description) lines.push(info.description, '');
  const facts: string[] = [];
  if (info.enum) facts.push(`Allowed values: ${info.enum.map(code).join(', ')}`);
  if (info.default !== undefined) facts.push(`Default: ${code(info.default)}`);
  if (info.minimum !== undefined) facts.push(`Minimum: ${info.minimum}`);
  if (info.exclusiveMinimum !== undefined) facts.push(`Greater than: ${info.exclusiveMinimum}`);
  if (info.maximum !== undefined) facts.push(`Maximum: ${info.maximum}`);
  if (info.exclusiveMaximum !== undefined) facts.push(`Less than: ${info.exclusiveMaximum}`);
  if (info.minLength !== undefined) facts.push(`Minimum length: ${info.minLength}`);
  if (info.maxLength !== undefined) facts.push(`Maximum length: ${info.maxLength}`);
  if (info.minItems !== undefined) facts.push(`Minimum items: ${info.minItems}`);
  if (info.maxItems !== undefined) facts.push(`Maximum items: ${info.maxItems}`);
  if (info.pattern !== undefined) facts.push(`Pattern: ${code(info.pattern)}`);
  if (info.format !== undefined) facts.push(`Format: ${info.format}`);
  if (info.sensitive) facts.push('Sensitive: the value is never shown in messages');
  for (const f of facts) lines.push(`- ${f}`);
  if (facts.length > 0) lines.push('');
  lines.push(where);
  return lines.join('\n');
}

/** The kinds whose `roleRef` and `subjects` get what the binding grants in their hover (src/access/hover.ts). */
const BINDING_KINDS = new Set(['RoleBinding', 'ClusterRoleBinding', 'RoleBindingList', 'ClusterRoleBindingList', 'List']);

export function hoverAt(document: TextDocument, offset: number, schemas: SchemaDocs, lines: LineReading = lexedText): Hover | null {
  const text = document.getText();
  const at = cursorAt(text, offset, lines);
  if (!at?.kind) return null;
  const target = at.target();
  if (!target) return null;
  // on a binding's roleRef or subjects: what the binding grants, before the field's description
  const access = BINDING_KINDS.has(at.kind.kind) ? bindingHover(text, offset, target.path) : undefined;
  // on a list item, describe the list field; on a mapping key or value, the field
  let path = target.path;
  while (path.length > 0 && typeof path[path.length - 1] === 'number') path = path.slice(0, -1);
  const info = path.length > 0 ? schemas.field(schemas.root(at.kind.schema), path) : undefined;
  if (!info && access === undefined) return null;
  const name = String(path[path.length - 1]);
  const where = `${code(fieldPath(path, at.kind.schema))} of ${at.kind.kind} (${at.kind.apiVersion})`;
  const range = path.length === target.path.length || access !== undefined ? target.range : undefined;
  const value = [access, info ? fieldMarkdown(name, where, info) : undefined].filter((x) => x !== undefined).join('\n\n---\n\n');
  return {
    contents: { kind: 'markdown', value },
    ...(range ? { range: { start: document.positionAt(range.start), end: document.positionAt(range.end) } } : {}),
  };
}
