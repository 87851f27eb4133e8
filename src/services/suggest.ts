/** Optimal string alignment distance (Levenshtein with adjacent transpositions), case-insensitive. */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const d: number[][] = Array.from({ length: s.length + 1 }, (_, i) => [i, ...Array<number>(t.length).fill(0)]);
  for (let j = 1; j <= t.length; j++) d[0]![j] = j;
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[s.length]![t.length]!;
}

/**
 * The candidates closest to a misspelt name: those within a third of its length in edits (at least one),
 * nearest first. A case-only difference counts as the closest match.
 */
export function closestMatches(name: string, candidates: readonly string[]): string[] {
  const limit = Math.max(1, Math.floor(name.length / 3));
  const scored = candidates
    .map((c) => ({ c, d: c.toLowerCase() === name.toLowerCase() ? 0 : editDistance(name, c) }))
    .filter((x) => x.d <= limit)
    .sort((x, y) => x.d - y.d || x.c.localeCompare(y.c));
  if (scored.length === 0) return [];
  const best = scored[0]!.d;
  return scored.filter((x) => x.d === best).map((x) => x.c);
}
