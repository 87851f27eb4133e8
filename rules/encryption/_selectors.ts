/** A resource selector of EncryptionConfiguration: `secrets` (core group), `deployments.apps`, `*.apps`, `*.`, `*.*`. */
export interface Selector {
  resource: string;
  group: string;
}

/** A resource name split into resource and group, or undefined when it is not well formed (reported elsewhere). */
export function parseSelector(name: string): Selector | undefined {
  if (name === '' || name === '*' || name !== name.toLowerCase()) return undefined;
  const dot = name.indexOf('.');
  const resource = dot < 0 ? name : name.slice(0, dot);
  const group = dot < 0 ? '' : name.slice(dot + 1);
  if (resource.includes('*') && resource !== '*') return undefined;
  if (group.includes('*') && (group !== '*' || resource !== '*')) return undefined;
  return { resource, group };
}

/** Whether selector `a` selects everything `b` selects. */
export function covers(a: Selector, b: Selector): boolean {
  return (a.resource === '*' || a.resource === b.resource) && (a.group === '*' || a.group === b.group);
}
