// A line diff for the preview of a fix, in the form of `diff -u` (without its two header lines): the lines
// removed and added, with three lines of context around each change. Matched by a longest common subsequence:
// as short as GNU diff's, though where several are equally short it may pair other lines than GNU diff does
// (test/clients/playground.test.ts finds GNU diff's text in the previews of the examples' fixes).

export interface DiffLine {
  /** ' ' unchanged, '-' removed, '+' added, '@' a hunk's header, '\' the mark of a last line without a line break */
  op: ' ' | '-' | '+' | '@' | '\\';
  text: string;
}

const CONTEXT = 3;
/** Above this many cells the middle is shown as removed and added whole instead of matched line by line. */
const MAX_CELLS = 4_000_000;

/** A text's lines, each with its line break (the last one may have none). */
const linesOf = (text: string): string[] => (text === '' ? [] : text.split(/(?<=\n)/));

interface Op {
  op: ' ' | '-' | '+';
  line: string;
  /** The 0-based index of the line in the old text, and in the new one (for an added or removed line: where it would be). */
  a: number;
  b: number;
}

/** The lines of a unified diff from `before` to `after` (empty when they are equal). */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = linesOf(before);
  const b = linesOf(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  if (start === endA && start === endB) return [];
  const ops: Op[] = [];
  for (let i = 0; i < start; i++) ops.push({ op: ' ', line: a[i]!, a: i, b: i });
  const n = endA - start;
  const m = endB - start;
  if (n * m <= MAX_CELLS) {
    // lcs[i][j]: the length of the longest common subsequence of a[start+i..endA) and b[start+j..endB)
    const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[start + i] === b[start + j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[start + i] === b[start + j]) {
        ops.push({ op: ' ', line: a[start + i]!, a: start + i, b: start + j });
        i++;
        j++;
      } else if (i < n && (j === m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
        ops.push({ op: '-', line: a[start + i]!, a: start + i, b: start + j });
        i++;
      } else {
        ops.push({ op: '+', line: b[start + j]!, a: start + i, b: start + j });
        j++;
      }
    }
  } else {
    for (let i = start; i < endA; i++) ops.push({ op: '-', line: a[i]!, a: i, b: start });
    for (let j = start; j < endB; j++) ops.push({ op: '+', line: b[j]!, a: endA, b: j });
  }
  for (let i = endA; i < a.length; i++) ops.push({ op: ' ', line: a[i]!, a: i, b: endB + (i - endA) });
  // within a run of changes, the removed lines first, as diff -u prints them
  for (let k = 0; k < ops.length; ) {
    if (ops[k]!.op === ' ') {
      k++;
      continue;
    }
    let e = k;
    while (e < ops.length && ops[e]!.op !== ' ') e++;
    const run = ops.slice(k, e);
    ops.splice(k, e - k, ...run.filter((o) => o.op === '-'), ...run.filter((o) => o.op === '+'));
    k = e;
  }
  // hunks: the changes with CONTEXT lines around them; changes at most 2 × CONTEXT lines apart share one
  const out: DiffLine[] = [];
  const range = (first: number, count: number) => (count === 1 ? `${first + 1}` : `${count === 0 ? first : first + 1},${count}`);
  let k = 0;
  while (k < ops.length) {
    while (k < ops.length && ops[k]!.op === ' ') k++;
    if (k === ops.length) break;
    const from = Math.max(0, k - CONTEXT);
    let to = k;
    for (;;) {
      while (to < ops.length && ops[to]!.op !== ' ') to++;
      let next = to;
      while (next < ops.length && ops[next]!.op === ' ') next++;
      if (next < ops.length && next - to <= 2 * CONTEXT) to = next;
      else {
        to = Math.min(ops.length, to + CONTEXT);
        break;
      }
    }
    const hunk = ops.slice(from, to);
    const countA = hunk.filter((o) => o.op !== '+').length;
    const countB = hunk.filter((o) => o.op !== '-').length;
    const firstA = hunk.find((o) => o.op !== '+')?.a ?? hunk[0]!.a;
    const firstB = hunk.find((o) => o.op !== '-')?.b ?? hunk[0]!.b;
    out.push({ op: '@', text: `@@ -${range(firstA, countA)} +${range(firstB, countB)} @@` });
    for (const o of hunk) {
      const broken = o.line.endsWith('\n');
      out.push({ op: o.op, text: broken ? o.line.slice(0, -1) : o.line });
      if (!broken) out.push({ op: '\\', text: ' No newline at end of file' });
    }
    k = to;
  }
  return out;
}
