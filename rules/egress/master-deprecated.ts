import { defineRule } from '../../src/define-rule.js';
import { obj, objItems } from '../../src/services/values.js';

export default defineRule({
  id: 'egress/master-deprecated',
  kinds: ['EgressSelectorConfiguration'],
  meta: {
    description: 'The egress selection name `master` is a deprecated alias of `controlplane`.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale: 'The API server still reads `master` as `controlplane`, but the name is deprecated and may stop being accepted.',
      remediation: 'Rename the egress selection to `controlplane`.',
      spec: '3-config-and-payload-types.md#api-server-configuration-versions-v1alpha1-and-v1beta1-apiserverplatiov1alpha1-apiserverplatiov1beta1 (EgressSelection.name: master deprecated)',
    },
  },
  check(value, ctx) {
    const selections = objItems(obj(value)?.egressSelections);
    // renaming is a safe fix only when it does not make a second `controlplane`
    const hasControlplane = selections.some(([, s]) => s.name === 'controlplane');
    for (const [i, selection] of selections) {
      if (selection.name === 'master') {
        ctx.report(['egressSelections', i, 'name'], '`master` is deprecated; name this egress selection `controlplane`', hasControlplane ? {} : { fix: 'controlplane' });
      }
    }
  },
});
