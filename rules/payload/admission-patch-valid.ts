import { defineRule } from '../../src/define-rule.js';
import { decodeBase64, utf8Text } from '../../src/services/base64.js';
import { isObj, obj, str } from '../../src/services/values.js';

const OPS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);

/** A JSON pointer (RFC 6901): empty, or `/`-separated tokens where `~` is followed by 0 or 1. */
function isPointer(v: unknown): boolean {
  return typeof v === 'string' && (v === '' || (v.startsWith('/') && !/~([^01]|$)/.test(v)));
}

/** What is wrong with a decoded patch, or undefined when it is a well-formed JSON Patch. */
function patchProblem(text: string): string | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return 'it does not decode to JSON';
  }
  if (!Array.isArray(doc)) return 'it decodes to JSON that is not an array; a JSON Patch is an array of operations';
  for (const [i, op] of doc.entries()) {
    if (!isObj(op)) return `operation ${i} is not an object`;
    const name = op.op;
    if (typeof name !== 'string' || !OPS.has(name))
      return `operation ${i} has ${typeof name === 'string' ? `op \`${name}\`` : 'no op'}; op is one of add, remove, replace, move, copy, test`;
    if (!('path' in op)) return `operation ${i} (${name}) has no path`;
    if (!isPointer(op.path)) return `operation ${i} (${name}) has path ${JSON.stringify(op.path)}, which is not a JSON pointer`;
    if ((name === 'add' || name === 'replace' || name === 'test') && !('value' in op)) return `operation ${i} (${name}) has no value`;
    if (name === 'move' || name === 'copy') {
      if (!('from' in op)) return `operation ${i} (${name}) has no from`;
      if (!isPointer(op.from)) return `operation ${i} (${name}) has from ${JSON.stringify(op.from)}, which is not a JSON pointer`;
    }
  }
  return undefined;
}

export default defineRule({
  id: 'payload/admission-patch-valid',
  kinds: ['AdmissionReview'],
  meta: {
    description: 'The `patch` of an AdmissionReview response decodes to a JSON Patch: an array of well-formed operations.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The API server base64-decodes `patch` and applies it as a JSON Patch (RFC 6902): each operation has an `op` among add, remove, replace, move, copy and test, a JSON-pointer `path`, a `value` for add, replace and test and a `from` for move and copy. Anything else fails the admission call.',
      remediation: 'Encode a JSON array of operations in base64, such as the encoding of `[{"op":"add","path":"/metadata/labels/team","value":"payments"}]`.',
      spec: '3-config-and-payload-types.md#admission-review (AdmissionResponse: patch; only a JSON patch, RFC 6902, is supported)',
    },
  },
  check(value, ctx) {
    const res = obj(obj(value)?.response);
    const patch = str(res?.patch);
    const type = str(res?.patchType);
    if (type !== undefined && type !== 'JSONPatch') return; // another patch type: reported by the schema
    if (patch === undefined || patch === '') return;
    const bytes = decodeBase64(patch);
    if (bytes === undefined) return; // not base64: the schema reports it
    const problem = patchProblem(utf8Text(bytes));
    if (problem) ctx.report(['response', 'patch'], `patch is not a valid JSON Patch: ${problem}`);
  },
});
