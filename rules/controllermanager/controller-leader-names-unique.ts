import { defineRule } from '../../src/define-rule.js';
import type { Path } from '../../src/path.js';
import { formatPath } from '../../src/path.js';
import { obj, objItems, str, type Obj } from '../../src/services/values.js';

export default defineRule({
  id: 'controllermanager/controller-leader-names-unique',
  kinds: ['LeaderMigrationConfiguration', 'CloudControllerManagerConfiguration', 'PlatControllerManagerConfiguration'],
  meta: {
    description: 'Each controller is named once in the `controllerLeaders` of a leader migration configuration.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'During leader migration each listed controller runs in exactly one component. The platform does not refuse a controller listed twice (controller-manager pkg/leadermigration/config/config.go validates only names and components); it keeps the last entry for a name (pkg/leadermigration/migrator.go), so an earlier entry, possibly with another component, is silently ignored.',
      remediation: 'Keep one entry per controller name, with the component that should run it.',
      spec: '3-config-and-payload-types.md#controller-manager-configuration (LeaderMigrationConfiguration: controllerLeaders)',
    },
  },
  check(value, ctx) {
    const doc = obj(value);
    const configs: [Path, Obj | undefined][] =
      ctx.kind.kind === 'LeaderMigrationConfiguration' ? [[[], doc]] : [[['Generic', 'LeaderMigration'], obj(obj(doc?.Generic)?.LeaderMigration)]];
    for (const [base, config] of configs) {
      const seen = new Map<string, number>();
      for (const [i, leader] of objItems(config?.controllerLeaders)) {
        const name = str(leader.name);
        if (name === undefined || name === '') continue;
        const first = seen.get(name);
        if (first === undefined) {
          seen.set(name, i);
          continue;
        }
        const firstPath = [...base, 'controllerLeaders', first, 'name'];
        ctx.report([...base, 'controllerLeaders', i, 'name'], `controller \`${name}\` is already listed at ${formatPath(firstPath)}`, {
          related: [{ path: firstPath, message: `\`${name}\` is first listed here` }],
        });
      }
    }
  },
});
