/**
 * The `Authorization` value for HTTP Basic (section 5): base64 of `key:secret`.
 * `btoa` alone throws on characters outside Latin-1, so the text is encoded as UTF-8
 * first; this gives the same bytes in browsers and in Node.
 */
export function basicAuth(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}
