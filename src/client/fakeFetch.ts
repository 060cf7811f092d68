/** A request as a fake `fetch` saw it, for tests. */
export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/**
 * A `fetch` for tests that records each request and answers from `answers` in turn
 * (the last one repeats). Honours the request's `AbortSignal`, so timeouts can be tested.
 */
export function fakeFetch(...answers: Array<() => Response | Promise<Response>>) {
  const seen: SeenRequest[] = [];
  const fetcher: typeof fetch = (input, init = {}) => {
    const text = typeof init.body === 'string' ? init.body : undefined;
    seen.push({
      method: init.method ?? 'GET',
      url: new URL(String(input)),
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : JSON.parse(text),
    });
    const answer = answers[Math.min(seen.length - 1, answers.length - 1)] ?? (() => Response.json({}));
    return new Promise((resolve, reject) => {
      const signal = init.signal;
      if (signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
      Promise.resolve(answer()).then(resolve, reject);
    });
  };
  return { seen, fetcher };
}

/** An answer that never comes (until the request is aborted). */
export const never = (): Promise<Response> => new Promise(() => {});
