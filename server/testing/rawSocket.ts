import { connect, type Socket } from 'node:net';
import type { TestService } from './service.ts';

/**
 * A TCP connection to the service, for requests no HTTP client would send (short bodies,
 * slow headers); from `localAddress` when given (any 127.x.y.z address is this machine's
 * too, so a test can be another client).
 */
export async function openSocket(service: TestService, localAddress?: string): Promise<Socket> {
  const { hostname, port } = new URL(service.baseUrl);
  const socket = connect({ host: hostname, port: Number(port), ...(localAddress !== undefined && { localAddress }) });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return socket;
}

/** Everything the service sends on `socket` until it closes the connection. */
export function readUntilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    // A reset after the answer still leaves the answer read.
    socket.on('error', () => undefined);
    socket.once('close', () => resolve(text));
  });
}

/** The JSON body of a raw HTTP/1.1 answer. */
export function bodyOf(answer: string): unknown {
  const start = answer.indexOf('\r\n\r\n');
  return JSON.parse(answer.slice(start + 4));
}
