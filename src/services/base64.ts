const STD = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The number of bytes a standard, padded base64 text decodes to, or undefined when it is not base64. */
export function base64Length(text: string): number | undefined {
  if (!STD.test(text)) return undefined;
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - pad;
}

/** Decodes standard, padded base64, or undefined when the text is not base64. */
export function decodeBase64(text: string): Buffer | undefined {
  return STD.test(text) ? Buffer.from(text, 'base64') : undefined;
}
