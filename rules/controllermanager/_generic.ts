import type { Path } from '../../src/path.js';
import { bool, obj, type Obj } from '../../src/services/values.js';

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
