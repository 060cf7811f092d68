/** Methods a route can answer; OPTIONS belongs to CORS and HEAD follows GET. */
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The registered routes, kept so the not-found handler can tell an unknown path (404)
 * from a known path asked with the wrong method (405); Fastify alone answers 404 to both.
 */
export class RouteTable {
  private readonly routes: Array<{ method: string; pattern: RegExp }> = [];

  add(methods: string | readonly string[], url: string): void {
    // The CORS plugin's OPTIONS catch-all would make every path look known.
    if (url === '*' || url === '/*') return;
    const pattern = patternOf(url);
    for (const method of typeof methods === 'string' ? [methods] : methods) {
      if (METHODS.has(method)) this.routes.push({ method, pattern });
    }
  }

  /** The methods some route answers on `path`, in a stable order. */
  methodsFor(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.routes) {
      if (route.pattern.test(path)) methods.add(route.method);
    }
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  }
}

/** A Fastify route path (`:param`, `::` for a literal colon, `*`) as an anchored pattern. */
function patternOf(url: string): RegExp {
  let source = '';
  for (let i = 0; i < url.length; i++) {
    const c = url[i]!;
    if (c === ':' && url[i + 1] === ':') {
      source += ':';
      i++;
    } else if (c === ':') {
      // A parameter runs to the next slash; a (regex) after its name is ignored.
      while (i + 1 < url.length && url[i + 1] !== '/') i++;
      source += '[^/]+';
    } else if (c === '*') {
      source += '.*';
    } else {
      source += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}
