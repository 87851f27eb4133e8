import { defineRule } from '../../src/define-rule.js';
import { formatPath } from '../../src/path.js';
import type { Path } from '../../src/path.js';
import { obj, objItems, str } from '../../src/services/values.js';

const NAMES = new Set(['controlplane', 'master', 'etcd', 'cluster']);

export default defineRule({
  id: 'egress/selection-name-unique',
  kinds: ['EgressSelectorConfiguration'],
  meta: {
    description: 'Each egress selection name appears once; `master` counts as `controlplane`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The API server keeps one dialer per egress selection and refuses a configuration that names one twice; `master` is read as `controlplane`, and names are compared without regard to case (its egress selector validation lower-cases them), so listing both `master` and `controlplane`, or `etcd` and `ETCD`, is a repeat.',
      remediation: 'Keep one egress selection per name and merge or remove the other.',
      spec: '3-config-and-payload-types.md#api-server-configuration-versions-v1alpha1-and-v1beta1-apiserverplatiov1alpha1-apiserverplatiov1beta1 (EgressSelection.name)',
    },
  },
  check(value, ctx) {
    const seen = new Map<string, [Path, string]>();
    for (const [i, selection] of objItems(obj(value)?.egressSelections)) {
      const name = str(selection.name);
      // The platform turns exactly `master` into `controlplane` when it decodes the file, then compares lower-cased names.
      const canonical = name === 'master' ? 'controlplane' : name?.toLowerCase();
      if (name === undefined || canonical === undefined || canonical === 'master' || !NAMES.has(canonical)) continue; // other names: reported by the schema
      const path = ['egressSelections', i, 'name'];
      const first = seen.get(canonical);
      if (first === undefined) {
        seen.set(canonical, [path, name]);
        continue;
      }
      const [firstPath, firstName] = first;
      const where = formatPath(firstPath);
      let message: string;
      if (name === firstName) message = `egress selection \`${name}\` is already defined at ${where}`;
      else if (name === 'master') message = `\`master\` is an alias of \`controlplane\`, which is already defined at ${where}`;
      else if (firstName === 'master') message = `egress selection \`${name}\` is already defined at ${where} under its deprecated alias \`master\``;
      else message = `egress selection \`${name}\` is already defined at ${where} as \`${firstName}\` (case is ignored)`;
      ctx.report(path, message, { related: [{ path: firstPath, message: `\`${firstName}\` is defined here` }] });
    }
  },
});
