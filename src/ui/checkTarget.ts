/** The clear error a page gets when it hands `call` no element to render into. */
export function checkTarget(target: unknown, call: string): asserts target is Element {
  if (!(target instanceof Element)) throw new TypeError(`Site Search: ${call}() needs an element to render into, received ${String(target)}.`);
}
