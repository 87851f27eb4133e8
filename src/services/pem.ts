export interface PemBlock {
  type: string;
}

/** The PEM blocks of a text, or undefined when it has text outside blocks that is not whitespace, or an unterminated block. */
export function pemBlocks(text: string): PemBlock[] | undefined {
  const blocks: PemBlock[] = [];
  const re = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n([\s\S]*?)-----END ([A-Z0-9 ]+)-----/g;
  let at = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (text.slice(at, m.index).trim() !== '') return undefined;
    if (m[1] !== m[3]) return undefined;
    blocks.push({ type: m[1]! });
    at = re.lastIndex;
  }
  if (text.slice(at).trim() !== '') return undefined;
  return blocks;
}
