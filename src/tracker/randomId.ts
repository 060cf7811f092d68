/** 32 hex characters (128 bits) from `crypto.getRandomValues`: session and event ids. */
export function randomId(): string {
  let id = '';
  for (const byte of crypto.getRandomValues(new Uint8Array(16))) id += (byte + 256).toString(16).slice(1);
  return id;
}
