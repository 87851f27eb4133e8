// report/: fitting text to a width in columns, for the terminal format (stylish).

/** The width the terminal formats fit when neither the terminal nor `COLUMNS` gives one. */
export const DEFAULT_WIDTH = 80;

/**
 * The width in columns a terminal report fits: the terminal's own (`columns`, given only when the report goes to a
 * terminal), else a positive whole `COLUMNS` from the environment, else 80. A report that goes to a pipe or a file
 * thus has the same lines on every machine, unless `COLUMNS` says otherwise.
 */
export function reportWidth(columns: number | undefined, env: Readonly<Record<string, string | undefined>>): number {
  if (columns !== undefined && Number.isInteger(columns) && columns > 0) return columns;
  const fromEnv = env.COLUMNS?.trim();
  if (fromEnv !== undefined && /^[1-9]\d*$/.test(fromEnv)) return Number(fromEnv);
  return DEFAULT_WIDTH;
}

/**
 * The columns a text takes: one per code point, none for the colour codes chalk writes (SGR sequences). The messages
 * are ASCII but for quoted values; a character a terminal shows double wide counts as one, so a line holding one may
 * pass the width by that much.
 */
export function textWidth(text: string): number {
  return Array.from(text.replace(SGR, '')).length;
}

/** A Select Graphic Rendition sequence: what chalk writes around a coloured text. */
const SGR = /\u001b\[[0-9;]*m/g;

/**
 * The words of a message, where a `code span` with spaces in it counts as one word (a backtick without its pair
 * is an ordinary character). Runs of blanks between words are one break.
 */
export function messageWords(text: string): string[] {
  return text.match(/(?:`[^`]*`|[^\s`]|`(?![^`]*`))+/g) ?? [];
}

/**
 * Greedy filling of lines from pieces joined by one space: the first line at most `width` columns wide, the others
 * at most `restWidth`. A piece that does not fit where the line stands goes to the next line whole; a piece wider
 * than a whole line (a long code span, a long clause) is broken at its own spaces, and a single word wider than a
 * line stands alone on its line, uncut.
 */
export function wrap(pieces: readonly string[], width: number, restWidth = width): string[] {
  const lines: string[] = [];
  let line = '';
  const queue = [...pieces];
  while (queue.length > 0) {
    const piece = queue.shift()!;
    const w = textWidth(piece);
    const max = lines.length === 0 ? width : restWidth;
    if (line === '') {
      if (w > max && piece.includes(' ')) {
        queue.unshift(...piece.split(' ').filter((p) => p !== ''));
        continue;
      }
      line = piece;
    } else if (textWidth(line) + 1 + w <= max) {
      line += ` ${piece}`;
    } else if (w > Math.max(width, restWidth) && piece.includes(' ')) {
      // too wide for any line: its first words go on this one
      queue.unshift(...piece.split(' ').filter((p) => p !== ''));
    } else {
      lines.push(line);
      line = '';
      queue.unshift(piece);
    }
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}
