/** The part of autocannon (which ships no types) that the load runs use. */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  }

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    requests?: AutocannonRequest[];
  }

  export interface AutocannonResult {
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    requests: { total: number; average: number };
  }

  export interface AutocannonInstance extends EventEmitter, PromiseLike<AutocannonResult> {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): this;
    stop(): void;
  }

  export default function autocannon(options: AutocannonOptions): AutocannonInstance;
}
