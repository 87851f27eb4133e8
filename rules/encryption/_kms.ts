import type { Path } from '../../src/path.js';
import { obj, objItems, str } from '../../src/services/values.js';

/** The KMS interface version a provider uses once the platform has defaulted it: unset or empty means `v1`. */
export function kmsVersion(kms: Record<string, unknown>): unknown {
  return kms.apiVersion === undefined || kms.apiVersion === '' ? 'v1' : kms.apiVersion;
}

/**
 * Every KMS provider whose non-empty name an earlier KMS provider (of any version) already has, in document order,
 * with the path of the first one and whether the repeating provider is a KMS v1 one (which the platform refuses only
 * when it reloads the configuration automatically).
 */
export function* kmsNameRepeats(value: unknown): Generator<{ name: string; path: Path; first: Path; v1: boolean }> {
  const first = new Map<string, Path>();
  for (const [i, entry] of objItems(obj(value)?.resources)) {
    for (const [j, provider] of objItems(entry.providers)) {
      const kms = obj(provider.kms);
      const name = str(kms?.name);
      if (kms === undefined || name === undefined || name === '') continue;
      const path = ['resources', i, 'providers', j, 'kms', 'name'];
      const seen = first.get(name);
      if (seen === undefined) first.set(name, path);
      else yield { name, path, first: seen, v1: kmsVersion(kms) === 'v1' };
    }
  }
}
