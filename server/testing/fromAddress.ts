import { request } from 'node:http';
import type { TestService } from './service.ts';

/**
 * Sends a request to a test service from another loopback address (`127.0.0.2`, ...: the
 * whole 127.0.0.0/8 is this machine's), so the service sees several clients. JSON
 * bodies; the answer's status and text.
 */
export function sendFrom(
  service: TestService,
  localAddress: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const url = new URL(path, service.baseUrl);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress,
        headers: { ...(payload !== undefined && { 'content-type': 'application/json' }), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
