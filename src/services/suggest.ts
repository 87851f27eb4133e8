/** Optimal string alignment distance (Levenshtein with adjacent transpositions) of two lower-cased strings. */
function osa(s: string, t: string, limit: number): number {
  const n = s.length;
  const m = t.length;
  if (Math.abs(n - m) > limit) return limit + 1;
  // Three rolling rows: the one before the previous (for transpositions), the previous and the current.
  let prev2 = new Int32Array(m + 1);
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cost = s.charCodeAt(i - 1) === t.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && s.charCodeAt(i - 1) === t.charCodeAt(j - 2) && s.charCodeAt(i - 2) === t.charCodeAt(j - 1)) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1; // no later row can come back under the limit
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m]!;
}

/** Case-insensitive optimal string alignment distance. */
export function editDistance(a: string, b: string): number {
  return osa(a.toLowerCase(), b.toLowerCase(), Math.max(a.length, b.length));
}

/**
 * The candidates closest to a misspelt name: those within a third of its length in edits (at least one),
 * nearest first. A case-only difference counts as the closest match.
 */
export function closestMatches(name: string, candidates: readonly string[]): string[] {
  const limit = Math.max(1, Math.floor(name.length / 3));
  const lower = name.toLowerCase();
  const scored: { c: string; d: number }[] = [];
  for (const c of candidates) {
    const d = osa(lower, c.toLowerCase(), limit);
    if (d <= limit) scored.push({ c, d });
  }
  if (scored.length === 0) return [];
  scored.sort((x, y) => x.d - y.d || x.c.localeCompare(y.c));
  const best = scored[0]!.d;
  return scored.filter((x) => x.d === best).map((x) => x.c);
}

/**
 * A name as the platform spells it where the upstream project it was renamed from writes `kube` or `k8s.io`:
 * `kube` becomes `plat` in the same case (`--kubeconfig` → `--platconfig`, `kubelet` → `platlet`, `kubeAPIQPS` →
 * `platAPIQPS`, `KubeConfigFile` → `PlatConfigFile`) and `.k8s.io` becomes `.plat.io`. Other names are returned as
 * they are.
 */
export function platSpelling(name: string): string {
  return name.replace(/\.k8s\.io/gi, '.plat.io').replace(/kube/gi, (m) => [...'plat'].map((c, i) => (m[i] === m[i]!.toUpperCase() ? c.toUpperCase() : c)).join(''));
}

/**
 * The candidates a misspelt name most likely means, nearest first: the platform's own name for a name of the
 * upstream project, alone, when it is a candidate (`--kubeconfig` means `--platconfig`, not the nearer-looking
 * `--config`); otherwise the candidates closest to the name as the platform would spell it (closestMatches).
 */
export function suggestNames(name: string, candidates: readonly string[]): string[] {
  const renamed = platSpelling(name);
  if (renamed !== name && candidates.includes(renamed)) return [renamed];
  return closestMatches(renamed, candidates);
}

/**
 * The end of a did-you-mean that offers `suggested` for `name`: when `suggested` is the platform's name for the
 * upstream `name`, words that say so (the user knows the upstream project; it is not a typo), naming what it is
 * (`flag`, `field`, `value`); otherwise nothing.
 */
export function upstreamNote(name: string, suggested: string, what: string): string {
  return name !== suggested && platSpelling(name) === suggested ? ` (the platform's name for the upstream ${what})` : '';
}
