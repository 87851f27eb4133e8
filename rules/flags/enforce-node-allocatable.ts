import { defineRule } from '../../src/define-rule.js';
import { given, hasConfigFile, listItems, SPEC } from './_flags.js';

const FLAG = '--enforce-node-allocatable';
const CGROUP: Record<string, string> = {
  'system-reserved': '--system-reserved-cgroup',
  'system-reserved-compressible': '--system-reserved-cgroup',
  'plat-reserved': '--plat-reserved-cgroup',
  'plat-reserved-compressible': '--plat-reserved-cgroup',
};

export default defineRule({
  id: 'flags/enforce-node-allocatable',
  kinds: ['PlatletFlags'],
  meta: {
    description: '`--enforce-node-allocatable` lists `none` alone, and each reserved value only with its `--*-reserved-cgroup`.',
    severity: 'error',
    status: 'stable',
    docs: {
      rationale:
        '`none` turns enforcement off, so listing it with other values is contradictory and refused. Enforcing `system-reserved` or `plat-reserved` limits a cgroup, which the node agent must be told with `--system-reserved-cgroup` or `--plat-reserved-cgroup`; without it the node agent refuses to start.',
      remediation: 'Write `none` alone, or add the matching `--system-reserved-cgroup=/system.slice` / `--plat-reserved-cgroup=/platlet.slice` flag.',
      spec: `${SPEC} (--enforce-node-allocatable)`,
    },
  },
  check(value, ctx) {
    const items = listItems(value, FLAG);
    if (items.length > 1) {
      for (const it of items) if (it.item === 'none') ctx.report(it.path, '`none` turns node allocatable enforcement off and must be the only value of `--enforce-node-allocatable`', { span: it.span });
    }
    if (hasConfigFile(value)) return; // the cgroups may be set in the file
    for (const it of items) {
      const cgroup = CGROUP[it.item];
      if (cgroup && !given(value, cgroup)) ctx.report(it.path, `enforcing \`${it.item}\` needs \`${cgroup}\`, which is not set`, { span: it.span });
    }
  },
});
