import { defineRule } from '../../src/define-rule.js';
import type { Path } from '../../src/path.js';
import { reportIgnoredFields } from '../audit/_ignored-fields.js';
import { obj, objItems, type Obj } from '../../src/services/values.js';

const EXEC_CREDENTIAL = ['apiVersion', 'kind', 'spec', 'status'];
const EXEC_SPEC = ['cluster', 'interactive'];
const EXEC_CLUSTER = ['server', 'tls-server-name', 'insecure-skip-tls-verify', 'certificate-authority-data', 'proxy-url', 'disable-compression', 'config'];
const EXEC_STATUS = ['expirationTimestamp', 'token', 'clientCertificateData', 'clientKeyData'];
const IMAGE_REVIEW = ['apiVersion', 'kind', 'metadata', 'spec', 'status'];
const IMAGE_SPEC = ['containers', 'annotations', 'namespace'];
const IMAGE_CONTAINER = ['image'];
const IMAGE_STATUS = ['allowed', 'reason', 'auditAnnotations'];
const ADMISSION_REVIEW = ['apiVersion', 'kind', 'request', 'response'];
const ADMISSION_REQUEST = [
  'uid',
  'kind',
  'resource',
  'subResource',
  'requestKind',
  'requestResource',
  'requestSubResource',
  'name',
  'namespace',
  'operation',
  'userInfo',
  'object',
  'oldObject',
  'dryRun',
  'options',
];
const ADMISSION_RESPONSE = ['uid', 'allowed', 'status', 'patch', 'patchType', 'auditAnnotations', 'warnings'];

export default defineRule({
  id: 'payload/unknown-field',
  kinds: ['AdmissionReview', 'ExecCredential', 'ImageReview'],
  meta: {
    description: 'An exec credential, admission review or image review has no fields the platform does not know.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'These payloads are decoded leniently: client-go reads an exec plugin\'s output with a non-strict decoder (plugin/pkg/client/auth/exec/exec.go), and the API server reads a webhook\'s AdmissionReview or ImageReview answer the same way. An unknown field is not refused but ignored, so a misspelt `clientKeyDate` or `patchtype` silently leaves the intended value out. (The nested shared types, such as metadata, user info and status, keep their schema\'s closed field lists.)',
      remediation: 'Correct the field name (the message suggests the closest known one), or remove the field.',
      spec: '3-config-and-payload-types.md#exec-plugin-credentials (ExecCredential); #admission-review (AdmissionReview); #image-review (ImageReview)',
    },
  },
  check(value, ctx) {
    const doc = obj(value);
    if (doc === undefined) return;
    const loader = ctx.kind.kind === 'ExecCredential' ? 'the client' : 'the API server';
    const at = (o: Obj | undefined, path: Path, known: readonly string[], where: string) => {
      if (o !== undefined) reportIgnoredFields(ctx, o, path, known, where, loader);
    };
    switch (ctx.kind.kind) {
      case 'ExecCredential': {
        at(doc, [], EXEC_CREDENTIAL, 'in the ExecCredential');
        const spec = obj(doc.spec);
        at(spec, ['spec'], EXEC_SPEC, 'in spec');
        at(obj(spec?.cluster), ['spec', 'cluster'], EXEC_CLUSTER, 'in spec.cluster');
        at(obj(doc.status), ['status'], EXEC_STATUS, 'in status');
        break;
      }
      case 'ImageReview': {
        at(doc, [], IMAGE_REVIEW, 'in the ImageReview');
        const spec = obj(doc.spec);
        at(spec, ['spec'], IMAGE_SPEC, 'in spec');
        for (const [i, c] of objItems(spec?.containers)) at(c, ['spec', 'containers', i], IMAGE_CONTAINER, 'in a container');
        at(obj(doc.status), ['status'], IMAGE_STATUS, 'in status');
        break;
      }
      default: {
        at(doc, [], ADMISSION_REVIEW, 'in the AdmissionReview');
        at(obj(doc.request), ['request'], ADMISSION_REQUEST, 'in request');
        at(obj(doc.response), ['response'], ADMISSION_RESPONSE, 'in response');
      }
    }
  },
});
