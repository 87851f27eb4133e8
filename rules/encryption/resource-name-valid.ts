import { defineRule } from '../../src/define-rule.js';
import { items, obj, objItems, str } from '../../src/services/values.js';

/** Resources the API server stores without a REST API of their own: there is nothing to encrypt. */
const NO_REST_API = new Set(['apiserveripinfo', 'serviceipallocations', 'servicenodeportallocations']);

/** Why a resource name is not accepted, or undefined when it is. */
function problem(name: string): string | undefined {
  if (name !== name.toLowerCase()) return `resource \`${name}\` has capital letters; resource names are lower-case`;
  if (name === '*') return 'resource `*` is not allowed; use `*.` for every resource of the core group or `*.*` for every resource';
  if (NO_REST_API.has(name)) return `resource \`${name}\` has no REST API and cannot be encrypted`;
  const dot = name.indexOf('.');
  const resource = dot < 0 ? name : name.slice(0, dot);
  const group = dot < 0 ? '' : name.slice(dot + 1);
  if (group === 'events.plat.io')
    return `resource \`${name}\` is stored under the \`events\` resource of the core group; write \`${resource === '*' ? 'events' : resource}\` instead`;
  if (group === 'extensions') return `resource \`${name}\` is in the \`extensions\` group, which has been removed and cannot be encrypted`;
  if (group === '*' && resource !== '*')
    return `resource \`${name}\` (one resource in every group) is not supported; the wildcards are \`*.<group>\`, \`*.\` and \`*.*\``;
  // An empty name and a `*` inside a name select nothing but load: encryption/spec-conformance warns.
  return undefined;
}

export default defineRule({
  id: 'encryption/resource-name-valid',
  kinds: ['EncryptionConfiguration'],
  meta: {
    description: 'A resource to encrypt is not one the platform refuses: capital letters, a bare `*`, `resource.*`, a resource without a REST API, the `extensions` or `events.plat.io` group.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        'The platform\'s encryption configuration validation refuses a resource it cannot match: capital letters, a bare `*`, a resource across all groups (`secrets.*`), a resource without a REST API (`serviceipallocations`), the removed `extensions` group, or the `events.plat.io` group (events are stored as the core `events` resource). It accepts an empty name and a `*` inside a name (`sec*`, `*.*.apps`), which select no resource: `encryption/spec-conformance` warns about those.',
      remediation:
        'Write each resource as `resource` (core group) or `resource.group` in lower case; use `*.<group>` for a whole group, `*.` for the core group and `*.*` for everything.',
      spec: '3-config-and-payload-types.md#api-server-configuration-version-v1-apiserverconfigplatiov1 (EncryptionConfiguration rules: wildcards)',
    },
  },
  check(value, ctx) {
    for (const [i, entry] of objItems(obj(value)?.resources)) {
      for (const [j, item] of items(entry.resources)) {
        const name = str(item);
        if (name === undefined) continue;
        const message = problem(name);
        if (message !== undefined) ctx.report(['resources', i, 'resources', j], message);
      }
    }
  },
});
