import type { Server, Socket } from 'node:net';
import { clientAddress } from '../events/clientAddress.ts';

/**
 * Closes a new connection as soon as it is accepted when its client already holds `max`
 * open ones, so one client cannot take every place of the service's connection cap
 * (`maxConnections`) and lock everyone else out. A client is counted as the rate limits
 * count it (clientAddress: an IPv6 client by its /64). Behind a reverse proxy every
 * connection comes from the proxy: raise `max` to the proxy's pool size there.
 */
export function capConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    // Closed already: nothing to count.
    if (socket.remoteAddress === undefined) return;
    const client = clientAddress(socket.remoteAddress);
    const held = open.get(client) ?? 0;
    if (held >= max) {
      socket.destroy();
      return;
    }
    open.set(client, held + 1);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left === 0) open.delete(client);
      else open.set(client, left);
    });
  });
}
