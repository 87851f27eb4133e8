const STD = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Go's base64 decoder skips line breaks anywhere (a key wrapped over lines in a block scalar). */
function unwrapped(text: string): string {
  return text.includes('\n') || text.includes('\r') ? text.replace(/[\r\n]/g, '') : text;
}

/** The number of bytes a standard, padded base64 text decodes to, or undefined when it is not base64. */
export function base64Length(text: string): number | undefined {
  const t = unwrapped(text);
  if (!STD.test(t)) return undefined;
  const pad = t.endsWith('==') ? 2 : t.endsWith('=') ? 1 : 0;
  return (t.length / 4) * 3 - pad;
}

/** Decodes standard, padded base64, or undefined when the text is not base64. */
export function decodeBase64(text: string): Buffer | undefined {
  const t = unwrapped(text);
  return STD.test(t) ? Buffer.from(t, 'base64') : undefined;
}
