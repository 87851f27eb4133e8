/**
 * Share links: the page's state (the file's name and text, the configuration's text) in the URL's fragment,
 * compressed with the browser's own `CompressionStream('deflate-raw')` and written in base64url, so that a link
 * reproduces the page and nothing is sent anywhere (a fragment never leaves the browser). The format is
 * `#v1.<base64url of the deflated JSON {"n":name,"f":file,"c":configuration}>`; a fragment of another form is not a
 * share link. Runs in browsers and in Node.js 20 (test/playground-share.test.ts).
 */

export interface SharedState {
  /** The file's name (its extension decides how it is read: `.json` is JSON). */
  filename: string;
  /** The file's text. */
  text: string;
  /** The text of `platlint.config.yaml` ('' for none). */
  config: string;
}

const PREFIX = 'v1.';

async function through(bytes: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream): Promise<Uint8Array<ArrayBuffer>> {
  const writer = stream.writable.getWriter();
  void writer.write(bytes).catch(() => undefined);
  void writer.close().catch(() => undefined);
  const chunks: Uint8Array[] = [];
  const reader = stream.readable.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array);
  }
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** base64url without padding (RFC 4648 §5): the characters a fragment keeps as they are. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of base64url text; undefined when it is not base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The fragment of a share link (with its `#`). */
export async function encodeShare(state: SharedState): Promise<string> {
  const json = JSON.stringify({ n: state.filename, f: state.text, c: state.config });
  const deflated = await through(new TextEncoder().encode(json), new CompressionStream('deflate-raw'));
  return `#${PREFIX}${toBase64Url(deflated)}`;
}

/**
 * The state a share link's fragment holds (with or without its `#`); undefined for a fragment that is not one
 * (empty, another form, damaged: cut short, or not the JSON the page writes).
 */
export async function decodeShare(fragment: string): Promise<SharedState | undefined> {
  const body = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (!body.startsWith(PREFIX)) return undefined;
  const bytes = fromBase64Url(body.slice(PREFIX.length));
  if (!bytes) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(await through(bytes, new DecompressionStream('deflate-raw'))));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { n, f, c } = value as Record<string, unknown>;
  if (typeof n !== 'string' || typeof f !== 'string' || typeof c !== 'string') return undefined;
  return { filename: n, text: f, config: c };
}
