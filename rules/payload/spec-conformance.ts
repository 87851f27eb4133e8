import { defineRule } from '../../src/define-rule.js';
import { has, obj, objItems, str } from '../../src/services/values.js';
import type { Obj } from '../../src/services/values.js';

/** The fields of an audit event the spec marks R. */
const EVENT_REQUIRED = ['level', 'auditID', 'stage', 'requestURI', 'verb', 'user'] as const;

/**
 * Values of the spec's alias-of-string types the platform writes into a payload ("not shown" in the spec: the
 * platform's constants). Kept here, not as schema enums: no part of the platform reads these payloads, so no
 * other value is ever refused.
 */
const VALUES: Record<'level' | 'stage' | 'operation', readonly string[]> = {
  level: ['None', 'Metadata', 'Request', 'RequestResponse'],
  stage: ['RequestReceived', 'ResponseStarted', 'ResponseComplete', 'Panic'],
  operation: ['CREATE', 'UPDATE', 'DELETE', 'CONNECT'],
};

const listed = (values: readonly string[]) => values.map((v) => `\`${v}\``).join(', ');

/** A missing field (absent or null) is placed at its key when it has one (`level:` with no value), else at its parent's key. */
type Report = (path: (string | number)[], message: string, extra?: { target: 'key' }) => void;

/** The checks of one audit event, at `base` (`[]` for an Event, `['items', i]` for an item of a list). */
function checkEvent(event: Obj, base: (string | number)[], report: Report): void {
  for (const field of EVENT_REQUIRED) {
    if (!has(event, field)) report([...base, field], `the event has no \`${field}\`; the API server always writes it (the spec marks it required)`, { target: 'key' });
  }
  for (const field of ['level', 'stage'] as const) {
    const value = str(event[field]);
    if (value === undefined || VALUES[field].includes(value)) continue;
    report([...base, field], `${field} \`${value}\` is not one the API server writes; the spec's values are ${listed(VALUES[field])}`);
  }
}

export default defineRule({
  id: 'payload/spec-conformance',
  kinds: ['AdmissionReview', 'Event', 'EventList', 'ImageReview'],
  meta: {
    description: 'A payload the platform writes itself (an audit event, an admission or image review request) carries the fields the spec marks required, with values of the spec\'s types.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The API server writes every audit event itself (apiserver pkg/audit/request.go, NewEventFromRequest, and the stage and level its audit handler sets: pkg/endpoints/filters/audit.go) and sends or logs it (the log and webhook backends, plugin/pkg/audit/log and plugin/pkg/audit/webhook); no part of the platform decodes an event, so none validates one. An event in a file is a sample, a test input or a tool\'s fixture, which the platform neither reads nor refuses: an event without a field the spec marks R, with a `level` or `stage` that is not one of the platform\'s constants, or an item of an EventList that names another apiVersion or kind, is not one the platform would write, so a consumer tested with it is tested on an impossible input. A warning, not an error. The same holds for the `operation` of an AdmissionReview request (`v1` and `v1beta1`): the API server writes it from its own admission attributes (apiserver pkg/admission/plugin/webhook/request/admissionreview.go, CreateV1AdmissionReview and CreateV1beta1AdmissionReview) and never decodes a request, so another value is refused by nothing (the required fields of a request: payload/admission-request-complete). Likewise an ImageReview without `status` is the request the ImagePolicyWebhook admission plugin writes (always with its `spec`) and nothing decodes; as a backend\'s answer it would have no `status`, which that plugin reads as a denial (admitPod, plugin/pkg/admission/imagepolicy/admission.go), not a refusal. What the platform\'s types cannot hold (a string for `user`, a malformed timestamp) stays a schema error: a reader decoding with those types fails.',
      remediation:
        'Write the event as the API server does: `level` one of `None`, `Metadata`, `Request`, `RequestResponse`; `stage` one of `RequestReceived`, `ResponseStarted`, `ResponseComplete`, `Panic`; and every field the spec marks R (`level`, `auditID`, `stage`, `requestURI`, `verb`, `user`; `items` of a list); write a request\'s `operation` as one of `CREATE`, `UPDATE`, `DELETE`, `CONNECT`; give an ImageReview request its `spec` (or a backend\'s answer its `status`).',
      spec: '3-config-and-payload-types.md#events (Event: level, auditID, stage, requestURI, verb, user R; Level and Stage: the platform\'s values; EventList.items R); #admission-review (AdmissionRequest.operation: Operation); #image-review (ImageReview.spec R)',
    },
  },
  check(value, ctx) {
    const doc = obj(value);
    if (doc === undefined) return;
    const report: Report = (path, message, extra) => ctx.report(path, message, extra);
    if (ctx.kind.kind === 'AdmissionReview') {
      const operation = str(obj(doc.request)?.operation);
      if (operation !== undefined && !VALUES.operation.includes(operation)) {
        report(['request', 'operation'], `operation \`${operation}\` is not one the API server writes; the spec's values are ${listed(VALUES.operation)}`);
      }
      return;
    }
    if (ctx.kind.kind === 'ImageReview') {
      if (!has(doc, 'spec') && !has(doc, 'status')) {
        report(['spec'], 'the review has neither `spec` nor `status`: a request has `spec`, and an answer without `status` is a denial', { target: 'key' });
      }
      return;
    }
    if (ctx.kind.kind === 'Event') {
      checkEvent(doc, [], report);
      return;
    }
    if (!has(doc, 'items')) report(['items'], 'the list has no `items`; the API server always writes them (the spec marks them required)', { target: 'key' });
    for (const [i, item] of objItems(doc.items)) {
      const apiVersion = str(item.apiVersion);
      if (apiVersion !== undefined && apiVersion !== 'audit.plat.io/v1') {
        report(['items', i, 'apiVersion'], `apiVersion \`${apiVersion}\` is not that of the list's events; the API server writes \`audit.plat.io/v1\` or nothing`);
      }
      const kind = str(item.kind);
      if (kind !== undefined && kind !== 'Event') report(['items', i, 'kind'], `kind \`${kind}\` is not that of the list's events; the API server writes \`Event\` or nothing`);
      checkEvent(item, ['items', i], report);
    }
  },
});
