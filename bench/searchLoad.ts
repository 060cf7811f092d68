/**
 * A loopback load test of searches: autocannon in this process, the service in its
 * own, with a fixed number of connections for a fixed time. Terms vary over the given
 * words and ask for a facet, as the widget's searches do.
 */
import autocannon, { type AutocannonRequest } from 'autocannon';
import { percentile } from './stats.ts';

export interface LoadRow {
  connections: number;
  requests: number;
  /** Searches answered 200 per second. */
  throughput: number;
  /** Of the answers 200. */
  p50: number;
  p99: number;
  /** Answers 503: the service shedding load past overload.maxInFlight. */
  refused: number;
  /** Connection errors, timeouts and answers other than 200 and 503. */
  errors: number;
}

/**
 * autocannon's requests for searches, the terms taken in turn from `words`: faceted, as
 * the widget sends them, or term-only.
 */
export function facetedSearches(words: readonly string[], faceted = true): AutocannonRequest[] {
  let n = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        const word = words[n++ % words.length]!;
        return { ...request, path: `/v1/search/demo?term=${encodeURIComponent(word)}${faceted ? '&facet=custom_fields.area' : ''}` };
      },
    },
  ];
}

export async function searchLoad(baseUrl: string, words: readonly string[], connections: number, seconds: number, faceted = true): Promise<LoadRow> {
  const times: number[] = [];
  let refused = 0;
  let other = 0;
  const instance = autocannon({ url: baseUrl, connections, duration: seconds, timeout: 10, requests: facetedSearches(words, faceted) });
  instance.on('response', (_client, status, _bytes, time) => {
    if (status === 200) times.push(time);
    else if (status === 503) refused++;
    else other++;
  });
  const result = await instance;
  return {
    connections,
    requests: result.requests.total,
    throughput: times.length / result.duration,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    refused,
    errors: result.errors + result.timeouts + other,
  };
}
