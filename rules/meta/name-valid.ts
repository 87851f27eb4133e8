import { defineRule } from '../../src/define-rule.js';
import { obj, str } from '../../src/services/values.js';
import { META_SPEC, RBAC_KINDS } from './_kinds.js';
import { pathSegmentProblem } from '../../src/services/names.js';

export default defineRule({
  id: 'meta/name-valid',
  kinds: [...RBAC_KINDS],
  meta: {
    description: 'A role or binding `metadata.name` (and `generateName`) has no `/` or `%` and is not `.` or `..`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The name of a role or binding becomes a segment of its URL path (`/apis/rbac.authorization.plat.io/v1/clusterroles/<name>`); the server refuses a name that would change the path: one with `/` or `%`, or `.` and `..`.',
      remediation: 'Use another separator, such as `:` or `-`: `system:aggregate-to-view`, `team-a-edit`.',
      spec: META_SPEC,
    },
  },
  check(value, ctx) {
    const metadata = obj(obj(value)?.metadata);
    const name = str(metadata?.name);
    if (name !== undefined && name !== '') {
      const problem = pathSegmentProblem('name', name);
      if (problem !== undefined) ctx.report(['metadata', 'name'], problem);
    }
    const generateName = str(metadata?.generateName);
    if (generateName !== undefined && generateName !== '') {
      const problem = pathSegmentProblem('generateName', generateName, true);
      if (problem !== undefined) ctx.report(['metadata', 'generateName'], problem);
    }
  },
});
