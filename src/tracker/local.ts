// The stand-in for localStorage when it is missing, full or blocked.
const memory = new Map<string, string>();

/**
 * Reads (one argument) or writes (two; `undefined` removes) a JSON value kept in
 * localStorage, so it is shared by the pages of the site (one origin). Storage can be
 * missing, full or throw (blocked cookies, some private windows): then a map of this
 * page stands in, and the tracker still works for the page's lifetime.
 */
export function local<T>(key: string, ...value: [T | undefined] | []): T | undefined {
  if (value.length) {
    const json = value[0] === undefined ? null : JSON.stringify(value[0]);
    if (json === null) memory.delete(key);
    else memory.set(key, json);
    try {
      if (json === null) localStorage.removeItem(key);
      else localStorage.setItem(key, json);
    } catch {
      // Kept in memory only.
    }
    return value[0];
  }
  let json: string | null | undefined;
  try {
    json = localStorage.getItem(key);
  } catch {
    json = memory.get(key);
  }
  try {
    return json == null ? undefined : (JSON.parse(json) as T);
  } catch {
    return undefined;
  }
}
