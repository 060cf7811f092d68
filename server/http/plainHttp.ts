import { createServer, type Server } from 'node:http';
import { ApiError } from '../schemas/apiError.ts';

/**
 * With TLS, the plain-HTTP listener: every call is answered 405 (API 1, rule 1), as the
 * error JSON, and never redirected, so a client that sent a secret in clear learns it
 * must change its address rather than having it silently followed.
 */
export function listenPlainHttp(port: number, host: string): Promise<Server> {
  const body = JSON.stringify(new ApiError(405, 'method_not_allowed', 'this service answers over HTTPS only: call it with https://').toBody());
  const server = createServer((request, response) => {
    // The body is not read; closing after the answer keeps a large upload from lingering.
    response.writeHead(405, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
