import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a fake host saw it. */
export interface HostRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

/** A tiny node:http server on loopback that records requests and answers with `answer`, for endpoints the service lacks and for failure paths. */
export interface FakeHost {
  baseUrl: string;
  requests: HostRequest[];
  close(): Promise<void>;
}

export async function startFakeHost(answer: (request: HostRequest, res: ServerResponse, baseUrl: string) => void): Promise<FakeHost> {
  const requests: HostRequest[] = [];
  let baseUrl = '';
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body };
      requests.push(request);
      answer(request, res, baseUrl);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { baseUrl, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Sends a JSON answer. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
