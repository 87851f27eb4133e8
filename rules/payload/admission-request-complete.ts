import { defineRule } from '../../src/define-rule.js';
import { has, obj } from '../../src/services/values.js';

/** The fields of an AdmissionRequest the spec marks R. */
const REQUIRED = ['uid', 'kind', 'resource', 'operation', 'userInfo'] as const;

/** The group-version-kind and -resource fields of a request, with the parts the API server always writes (no `omitempty`). */
const PARTS = [
  ['kind', ['group', 'version', 'kind']],
  ['resource', ['group', 'version', 'resource']],
  ['requestKind', ['group', 'version', 'kind']],
  ['requestResource', ['group', 'version', 'resource']],
] as const;

export default defineRule({
  id: 'payload/admission-request-complete',
  kinds: ['AdmissionReview'],
  meta: {
    description: 'An AdmissionReview request carries the fields the spec marks required, and every part of its group-version-kind and -resource fields.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The spec marks `uid`, `kind`, `resource`, `operation` and `userInfo` of an AdmissionRequest R. The API server writes every request it sends itself (apiserver pkg/admission/plugin/webhook/request/admissionreview.go, CreateAdmissionReview) and never decodes one: a request in a file is a webhook\'s test input or a tool\'s example (a policy tester), which the platform neither reads nor refuses. A request without these fields is not one the platform would send, so a webhook tested with it is tested on an impossible input: a warning, not an error. The same holds for the `group`, `version` and `kind` (or `resource`) of `kind`, `resource`, `requestKind` and `requestResource`: the platform\'s GroupVersionKind and GroupVersionResource write all three, always (`group` empty for the core group).',
      remediation: 'Add the missing fields, as the API server fills them: `uid`, `kind` (group, version, kind), `resource` (group, version, resource), `operation` and `userInfo`; write the core group as `group: ""`.',
      spec: '3-config-and-payload-types.md#admission-review (AdmissionRequest: uid, kind, resource, operation, userInfo R)',
    },
  },
  check(value, ctx) {
    const request = obj(obj(value)?.request);
    if (request === undefined) return;
    for (const field of REQUIRED) {
      if (!has(request, field)) ctx.report(['request', field], `request has no \`${field}\`; the API server always sends it (the spec marks it required)`);
    }
    for (const [field, parts] of PARTS) {
      const value = obj(request[field]);
      if (value === undefined) continue;
      for (const part of parts) {
        if (has(value, part)) continue;
        const core = part === 'group' ? ' (`""` for the core group)' : '';
        ctx.report(['request', field, part], `${field} has no \`${part}\`; the API server always writes it${core}`, { target: 'key' });
      }
    }
  },
});
