import { defineRule } from '../../src/define-rule.js';
import type { Path } from '../../src/path.js';
import { obj } from '../../src/services/values.js';

const NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;

export default defineRule({
  id: 'payload/audit-annotation-key-valid',
  kinds: ['AdmissionReview', 'ImageReview'],
  meta: {
    description: 'Audit annotation keys of a review answer are names without a prefix: at most 63 characters, alphanumeric at both ends.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'The API server prefixes each audit annotation key with the webhook name (or the image policy plugin name) and `/`; a key that already has a prefix or is not a valid name makes an invalid qualified name, and the annotation is dropped from the audit event with only a log line.',
      remediation: 'Use a short key such as `denied-image` or `mutation`: letters, digits, `-`, `_` and `.`, starting and ending with a letter or digit, without `/`.',
      spec: '3-config-and-payload-types.md#admission-review (AdmissionResponse: auditAnnotations keys prefixed by the webhook name; ImageReviewStatus: auditAnnotations keys prefix-less)',
    },
  },
  check(value, ctx) {
    const doc = obj(value);
    const base: Path = ctx.kind.kind === 'ImageReview' ? ['status', 'auditAnnotations'] : ['response', 'auditAnnotations'];
    const annotations = obj(obj(doc?.[base[0] as string])?.auditAnnotations);
    if (annotations === undefined) return;
    for (const key of Object.keys(annotations)) {
      const shown = key === '' ? '""' : `\`${key}\``;
      let problem: string | undefined;
      if (key.includes('/')) problem = 'it has a `/`; the platform adds the prefix itself';
      else if (key.length > 63) problem = `it is ${key.length} characters long; the maximum is 63`;
      else if (!NAME.test(key)) problem = 'a key has letters, digits, `-`, `_` and `.`, with a letter or digit at each end';
      if (problem) ctx.report([...base, key], `audit annotation key ${shown} would be dropped: ${problem}`, { target: 'key' });
    }
  },
});
