import { defineRule } from '../../src/define-rule.js';
import { obj, str } from '../../src/services/values.js';

export default defineRule({
  id: 'payload/admission-response-uid-matches-request',
  kinds: ['AdmissionReview'],
  meta: {
    description: 'The `uid` of an AdmissionReview response equals the `uid` of its request.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The API server matches a webhook answer to its call by `uid`; a `v1` response whose `uid` differs from the request it answers is rejected, and the call fails by the webhook failure policy (a `v1beta1` answer is not checked: apiserver pkg/admission/plugin/webhook/request/admissionreview.go).',
      remediation: 'Copy `request.uid` into `response.uid` unchanged.',
      spec: '3-config-and-payload-types.md#admission-review (AdmissionResponse: uid copied from the request)',
    },
  },
  check(value, ctx) {
    if (ctx.kind.version === 'v1beta1') return; // the API server checks this of v1 answers only
    const doc = obj(value);
    const req = str(obj(doc?.request)?.uid);
    const res = str(obj(doc?.response)?.uid);
    if (req === undefined || res === undefined || req === res) return;
    const show = (s: string) => (s === '' ? '""' : `\`${s}\``);
    ctx.report(['response', 'uid'], `response uid ${show(res)} differs from the request uid ${show(req)} at request.uid`, {
      related: [{ path: ['request', 'uid'], message: 'the request uid' }],
    });
  },
});
