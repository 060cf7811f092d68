/**
 * HTML bytes as text: the charset of Content-Type, else one a `<meta>` names in the first
 * kilobytes (as browsers look), else UTF-8.
 */
export function decodeHtml(bytes: Uint8Array, charset: string | null): string {
  const named = charset ?? /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(Buffer.from(bytes.subarray(0, 4096)).toString('latin1'))?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(named).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
