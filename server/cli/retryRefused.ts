import { SearchApiError } from '../../src/client/errors.ts';

/**
 * Retries a POST the service refused for rate (429). The client never retries a POST,
 * since a failure may have taken effect; a 429 is a refusal, so trying again is safe.
 */
export async function retryRefused<T>(call: () => Promise<T>, log: (line: string) => void, attempts = 10): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof SearchApiError) || error.status !== 429 || attempt >= attempts) throw error;
      const seconds = error.retryAfter ?? Math.min(60, 2 ** attempt);
      log(`the service asked to slow down (429); retrying in ${seconds} s`);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    }
  }
}
