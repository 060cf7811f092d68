/**
 * A loopback load test of searches: autocannon in this process, the service in its
 * own, with a fixed number of connections for a fixed time. Terms vary over the given
 * words and ask for a facet, as the widget's searches do.
 */
import autocannon from 'autocannon';
import { percentile } from './stats.ts';

export interface LoadRow {
  connections: number;
  requests: number;
  /** Requests per second. */
  throughput: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  errors: number;
}

export async function searchLoad(baseUrl: string, words: readonly string[], connections: number, seconds: number): Promise<LoadRow> {
  let n = 0;
  const times: number[] = [];
  const instance = autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const word = words[n++ % words.length]!;
          return { ...request, path: `/v1/search/demo?term=${encodeURIComponent(word)}&facet=custom_fields.area` };
        },
      },
    ],
  });
  instance.on('response', (_client, _status, _bytes, time) => times.push(time));
  const result = await instance;
  return {
    connections,
    requests: result.requests.total,
    throughput: result.requests.total / result.duration,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
