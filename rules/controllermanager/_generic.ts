import type { Path } from '../../src/path.js';
import type { RuleContext } from '../../src/define-rule.js';
import { bool, has, obj, str, type Obj } from '../../src/services/values.js';

/** Entries of the form `*`, `name` or `-name`: a controller or webhook name. */
export const ENTRY_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** The enable/disable lists of a controller-manager configuration: `Generic.Controllers` and `Webhook.Webhooks`. */
export function entryLists(value: unknown): [Path, unknown][] {
  const doc = obj(value);
  return [
    [['Generic', 'Controllers'], obj(doc?.Generic)?.Controllers],
    [['Webhook', 'Webhooks'], obj(doc?.Webhook)?.Webhooks],
  ];
}

/** `Generic.LeaderElection` when leader election is on (unset `leaderElect` counts as on), else undefined. */
export function activeLeaderElection(value: unknown): Obj | undefined {
  const le = obj(obj(obj(value)?.Generic)?.LeaderElection);
  return le === undefined || bool(le.leaderElect) === false ? undefined : le;
}

/** The controller managers' leader-election defaults, in nanoseconds. */
export const LEADER_ELECTION_DEFAULTS = { leaseDuration: 15e9, renewDeadline: 10e9, retryPeriod: 2e9 } as const;

/**
 * A leader-election duration in nanoseconds: its default when the field is absent or zero, undefined when it
 * is set but not a duration (the schema reports that). `text` is the written value, unless it is the default.
 */
export function leaderElectionDuration(le: Obj, field: keyof typeof LEADER_ELECTION_DEFAULTS, ctx: RuleContext): { ns: number | undefined; text: string | undefined } {
  const text = str(le[field]);
  if (text !== undefined) {
    const ns = ctx.duration(text);
    // a zero duration is replaced by the default (component-base config/v1alpha1 defaults.go): as if unset
    return ns === 0 ? { ns: LEADER_ELECTION_DEFAULTS[field], text: undefined } : { ns, text };
  }
  return { ns: has(le, field) ? undefined : LEADER_ELECTION_DEFAULTS[field], text };
}
