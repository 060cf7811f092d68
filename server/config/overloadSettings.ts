/**
 * How the service protects itself from slow, idle or too many clients. Each limit
 * answers a way one client (or a few) could make the service useless for everyone:
 * see "Overload" in docs/reference-service.md.
 */
export interface OverloadSettings {
  /**
   * The whole request, headers and body, must arrive within this; otherwise 408 and the
   * connection closes. Stops a client that sends a body slower than it said it would.
   * @default 30000
   */
  requestTimeoutMs: number;
  /** The request line and headers must arrive within this (at most `requestTimeoutMs`). @default 10000 */
  headersTimeoutMs: number;
  /** A kept-alive connection with no request under way closes after this. @default 5000 */
  keepAliveTimeoutMs: number;
  /** A connection with no bytes either way for this long closes, whatever it is doing. @default 60000 */
  idleTimeoutMs: number;
  /** Connections open at once; past it a new connection is closed as soon as it is accepted. @default 1000 */
  maxConnections: number;
  /**
   * Connections open at once from one client address (an IPv6 client by its /64); past it
   * that client's new connection is closed as soon as it is accepted, so one client cannot
   * hold every place of `maxConnections`. Behind a reverse proxy every client has the
   * proxy's address: raise it to the proxy's number of connections there.
   * @default 50
   */
  maxConnectionsPerAddress: number;
  /**
   * Requests of one kind being worked on or waiting at once (counted once their body is
   * in), for each of two kinds: cheap reads (plain searches, suggestions, autocompletions,
   * recommendations) and heavy work (searches with facet counts, document writes). Past
   * it a request of that kind answers 503 with
   * `Retry-After`, rather than queueing work that would be answered after its client gave
   * up. `/health` is never refused.
   * @default 16
   */
  maxInFlight: number;
}

export const DEFAULT_OVERLOAD: Readonly<OverloadSettings> = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 60_000,
  maxConnections: 1000,
  // A browser opens at most 6 connections to a host; 50 leaves room for an office behind one address.
  maxConnectionsPerAddress: 50,
  // An answered request waits behind up to this many others of its kind (and as many
  // turns of the other kind), on the event loop or for a reader thread. A faceted search
  // over 10,000 documents takes about 10 ms on a 2-core machine, so 16 keep its wait near
  // 150 ms; a longer queue only holds answers that come after the client's timeout
  // (bench/overload-load.ts). A plain search waits for a thread behind the other lane's
  // turn, not its queue, so the bound need not follow the number of threads.
  maxInFlight: 16,
};

/** The settings with defaults for what `option` leaves out (checked with the config file's schema, config/configFile.ts). */
export function resolveOverload(option: Partial<OverloadSettings> | undefined): OverloadSettings {
  return { ...DEFAULT_OVERLOAD, ...option };
}
