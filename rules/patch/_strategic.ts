import type { Path } from '../../src/path.js';
import { isObj, type Obj } from '../../src/services/values.js';

/**
 * What a mapping of a patch stands for, as far as merge keys go: the object's root, a pod spec (`spec` of a Pod,
 * `template.spec` of a workload), a container, object metadata, an object's status, or anything else.
 */
export type Context = 'root' | 'rootSpec' | 'podSpec' | 'container' | 'metadata' | 'status' | 'template' | 'other';

/** A list whose items the strategic merge patch matches by a merge key, and what its items are. */
export interface KeyedList {
  mergeKey: string;
  items: Context;
}

const POD_SPEC_LISTS: Record<string, KeyedList> = {
  containers: { mergeKey: 'name', items: 'container' },
  initContainers: { mergeKey: 'name', items: 'container' },
  ephemeralContainers: { mergeKey: 'name', items: 'container' },
  volumes: { mergeKey: 'name', items: 'other' },
  imagePullSecrets: { mergeKey: 'name', items: 'other' },
  hostAliases: { mergeKey: 'ip', items: 'other' },
  topologySpreadConstraints: { mergeKey: 'topologyKey', items: 'other' },
  schedulingGates: { mergeKey: 'name', items: 'other' },
  resourceClaims: { mergeKey: 'name', items: 'other' },
};

/**
 * The merge keys of the platform's built-in types (the `patchMergeKey` of their fields), by the context of the
 * mapping that holds the list. `tolerations`, `envFrom` and `readinessGates` have none: they are replaced whole.
 */
const LISTS: Partial<Record<Context, Record<string, KeyedList>>> = {
  podSpec: POD_SPEC_LISTS,
  // the root `spec` of a Pod is a pod spec; of a Service it holds `ports`, merged by `port`
  rootSpec: { ...POD_SPEC_LISTS, ports: { mergeKey: 'port', items: 'other' } },
  container: {
    ports: { mergeKey: 'containerPort', items: 'other' },
    env: { mergeKey: 'name', items: 'other' },
    volumeMounts: { mergeKey: 'mountPath', items: 'other' },
    volumeDevices: { mergeKey: 'devicePath', items: 'other' },
  },
  metadata: { ownerReferences: { mergeKey: 'uid', items: 'other' } },
  status: { conditions: { mergeKey: 'type', items: 'other' } },
};

/** The keyed list `key` of a mapping of this context, if the platform merges it by a merge key. */
export function keyedList(context: Context, key: string): KeyedList | undefined {
  const lists = LISTS[context];
  return lists && Object.prototype.hasOwnProperty.call(lists, key) ? lists[key] : undefined;
}

function childContext(parent: Context, key: string): Context {
  if (key === 'template') return 'template';
  if (parent === 'root') return key === 'spec' ? 'rootSpec' : key === 'metadata' ? 'metadata' : key === 'status' ? 'status' : 'other';
  if (parent === 'template') return key === 'spec' ? 'podSpec' : key === 'metadata' ? 'metadata' : 'other';
  return 'other';
}

export const DIRECTIVE = '$patch';
export const RETAIN_KEYS = '$retainKeys';
export const SET_ELEMENT_ORDER = '$setElementOrder/';
export const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList/';

/** Every mapping of a patch (the root, nested mappings, mappings in lists), with its path and context. */
export function* mappings(value: unknown): Generator<{ map: Obj; path: Path; context: Context }> {
  function* visit(v: unknown, path: (string | number)[], context: Context): Generator<{ map: Obj; path: Path; context: Context }> {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) yield* visit(v[i], [...path, i], context);
      return;
    }
    if (!isObj(v)) return;
    yield { map: v, path, context };
    for (const [key, child] of Object.entries(v)) {
      if (key.startsWith('$')) continue; // directives hold names, not parts of the object
      const list = Array.isArray(child) ? keyedList(context, key) : undefined;
      yield* visit(child, [...path, key], list ? list.items : childContext(context, key));
    }
  }
  yield* visit(value, [], 'root');
}

/** Every list of a patch that the platform merges by a merge key, with the mapping that holds it. */
export function* keyedLists(value: unknown): Generator<{ list: unknown[]; path: Path; key: string; mergeKey: string; parent: Obj }> {
  for (const { map, path, context } of mappings(value)) {
    for (const [key, child] of Object.entries(map)) {
      const keyed = Array.isArray(child) ? keyedList(context, key) : undefined;
      if (keyed) yield { list: child as unknown[], path: [...path, key], key, mergeKey: keyed.mergeKey, parent: map };
    }
  }
}

/**
 * Whether a keyed list of a patch holds a `$patch: replace` item: the platform then replaces the list whole
 * with the other items, without matching them by merge key (apimachinery `mergeSliceWithSpecialElements`).
 */
export function replacesWhole(list: readonly unknown[]): boolean {
  return list.some((item) => isObj(item) && item[DIRECTIVE] === 'replace');
}

/** A merge key value as a comparable key (`app`, `8080`), or undefined when it is not a scalar. */
export function keyValue(v: unknown): string | undefined {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? `${typeof v}:${String(v)}` : undefined;
}

/** A scalar as a message shows it. */
export function shown(v: unknown): string {
  return v === '' ? '`""`' : '`' + String(v) + '`';
}
