// What a route declares in its `config` is what the rate limiter and the overload guard do
// to it: the URL plays no part, so a route under a new URL keeps its limit and its lane.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler } from './errorHandlers.ts';
import { overloadGuard } from './overloadGuard.ts';
import { rateLimiter } from './rateLimiter.ts';

describe('route behaviour declared at the route', () => {
  let app: FastifyInstance;

  afterEach(async () => app.close());

  /** An app with the limiter and the guard, and three routes: two that declare their behaviour, under made-up URLs, and one that does not. */
  async function build(): Promise<FastifyInstance> {
    app = Fastify();
    app.setErrorHandler(errorHandler);
    app.addHook(
      'onRequest',
      rateLimiter({ search: { max: 2, windowMs: 3_600_000 }, suggestions: false, autocomplete: false, recommendations: false, stats: false }),
    );
    overloadGuard(app, 4);
    // Each route answers how many guarded requests were in flight while it worked.
    const inFlight = async () => ({ inFlight: app.overload.inFlight });
    app.get('/renamed/search', { config: { rateLimit: 'search', lane: 'read' } }, inFlight);
    app.get('/picks/lane', { config: { lane: (request) => ((request.query as { heavy?: string }).heavy ? 'heavy' : 'read') } }, inFlight);
    app.get('/plain', inFlight);
    await app.ready();
    return app;
  }

  it('limits a route that declares a kind, whatever its URL, and leaves one that declares none alone', async () => {
    await build();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.inject('/renamed/search')).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const plain = await Promise.all(Array.from({ length: 5 }, () => app.inject('/plain')));
    expect(plain.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(plain[0]!.headers['x-rate-limit-limit']).toBeUndefined();
  });

  it('guards a route that declares a lane (or picks one per request), and not one that declares none', async () => {
    await build();
    expect((await app.inject('/renamed/search')).json()).toEqual({ inFlight: 1 });
    expect((await app.inject('/picks/lane?heavy=1')).json()).toEqual({ inFlight: 1 });
    expect((await app.inject('/plain')).json()).toEqual({ inFlight: 0 });
  });
});
