const UNIT_NS: Record<string, number> = { ns: 1, us: 1e3, 'µs': 1e3, 'μs': 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9 };
const PART = /([0-9]*(?:\.[0-9]*)?)(ns|us|µs|μs|ms|s|m|h)/gy;

/**
 * Parses a duration the way the platform does (Go's time.ParseDuration, used by meta/v1 Duration): `10s`,
 * `1m30s`, `2h45m`, `1.5h`, `-5m`, `0`. Returns nanoseconds, or undefined when the text is not a duration.
 */
export function parseDuration(text: string): number | undefined {
  let s = text;
  let sign = 1;
  if (s[0] === '-' || s[0] === '+') {
    if (s[0] === '-') sign = -1;
    s = s.slice(1);
  }
  if (s === '0') return 0;
  if (s === '') return undefined;
  let total = 0;
  PART.lastIndex = 0;
  let at = 0;
  while (at < s.length) {
    PART.lastIndex = at;
    const m = PART.exec(s);
    if (!m || m[1] === '' || m[1] === '.') return undefined;
    total += Number(m[1]) * UNIT_NS[m[2]!]!;
    at = PART.lastIndex;
  }
  return sign * total;
}

/** A duration in nanoseconds, written the short way: `30s`, `1m30s`, `250ms`. */
export function formatDuration(ns: number): string {
  if (ns === 0) return '0s';
  const sign = ns < 0 ? '-' : '';
  let rest = Math.abs(ns);
  if (rest < 1e9) return `${sign}${rest >= 1e6 ? rest / 1e6 + 'ms' : rest >= 1e3 ? rest / 1e3 + 'µs' : rest + 'ns'}`;
  let out = '';
  const h = Math.floor(rest / 3600e9);
  if (h) (out += `${h}h`), (rest -= h * 3600e9);
  const m = Math.floor(rest / 60e9);
  if (m) (out += `${m}m`), (rest -= m * 60e9);
  if (rest) out += `${rest / 1e9}s`;
  return sign + out;
}
