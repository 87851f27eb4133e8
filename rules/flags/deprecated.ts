import { defineRule } from '../../src/define-rule.js';
import { FLAG_BY_NAME } from '../../src/kinds/flag-table.js';
import { flagEntries, SPEC } from './_flags.js';

export default defineRule({
  id: 'flags/deprecated',
  kinds: ['PlatletFlags'],
  meta: {
    description: 'A deprecated node agent flag is used; its value belongs in the `--config` file, or the flag is to be removed.',
    severity: 'warning',
    status: 'stable',
    docs: {
      rationale:
        'Flags marked deprecated still work but are removed in a later version, when the node agent will refuse to start with them. Most of them have a field in the configuration file named by `--config`, which is where the value should live. The flags of the container monitor built into the node agent (`--containerd`, `--storage-driver-*` …) are not in the spec\'s table, but the platform still accepts them on Linux, deprecated (kubelet app/options/globalflags_linux.go): they get this warning, not an unknown-flag error.',
      remediation: 'Move the value to the configuration file named by `--config` and remove the flag; for flags planned for removal, use the replacement the message names.',
      spec: `${SPEC} (marker †, and Versioning)`,
    },
  },
  check(value, ctx) {
    for (const [key] of flagEntries(value)) {
      const spec = FLAG_BY_NAME.get(key);
      if (!spec?.deprecated) continue;
      let message: string;
      if (spec.deprecated === 'config') message = `\`${key}\` is deprecated; set its value in the configuration file named by \`--config\` instead`;
      else if (spec.note) message = `\`${key}\` is deprecated: ${spec.note}`;
      else {
        const removal = spec.removal ? `; removal is planned in ${spec.removal}` : '';
        const instead = spec.instead ? `; use ${spec.instead} instead` : '';
        message = `\`${key}\` is deprecated${removal}${instead}`;
      }
      ctx.report([key], message, { target: 'key' });
    }
  },
});
