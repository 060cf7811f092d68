import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Lane } from '../config/lanes.ts';
import { TurnQueue } from './overloadGuard.ts';
import { bodyOf, openSocket, readUntilClosed } from '../testing/rawSocket.ts';
import { DEMO_AUTH, type TestService } from '../testing/service.ts';
import { storedStats } from '../testing/storedStats.ts';
import { servicesPerTest } from '../testing/servicesPerTest.ts';

describe('overload guard', () => {
  const startWith = servicesPerTest();
  const start = (maxInFlight: number) => startWith({ overload: { maxInFlight } });

  const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;
  const keywords = async (service: TestService) => {
    await service.app.eventStores.get('demo').flush();
    return (await storedStats(service.app.eventStores.get('demo'))).map((event) => event.keyword);
  };

  it('drops a queued search whose client has gone, without searching or recording it', async () => {
    const service = await start(32);
    const [stays, leaves] = await Promise.all([openSocket(service), openSocket(service)]);
    await accepted(service, 2);
    const answer = readUntilClosed(stays);
    const left = readUntilClosed(leaves);
    // Written in one go, so both requests are read before either is worked on.
    stays.write(get('/v1/search/demo?term=stayed'));
    leaves.end(get('/v1/search/demo?term=left'));
    expect(await answer).toMatch(/^HTTP\/1\.1 200 /);
    await left;
    expect(service.app.overload.dropped).toBe(1);
    expect(await keywords(service)).toEqual(['stayed']);
    expect(service.app.overload.inFlight).toBe(0);
  });

  it('answers 503 with Retry-After and the error JSON past maxInFlight of a lane, never to /health, and takes requests again after', async () => {
    const service = await start(2);
    const paths = [
      '/v1/search/demo?term=one',
      '/v1/search/demo?term=two',
      '/v1/search/demo?term=three',
      '/v1/suggest/demo?term=fo',
      '/v1/autocomplete/document-field/demo?term=a&source=custom_fields.x',
      '/health',
    ];
    const sockets: Socket[] = await Promise.all([...paths.map(() => openSocket(service)), openSocket(service)]);
    await accepted(service, sockets.length);
    const answers = sockets.map(readUntilClosed);
    paths.forEach((path, i) => sockets[i]!.write(get(path)));
    const write = JSON.stringify({ url: 'https://a.example/1', title: 'One' });
    sockets[paths.length]!.write(
      `PUT /v2/indices/demo/documents/one HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: ${DEMO_AUTH}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(write)}\r\n\r\n${write}`,
    );
    const texts = await Promise.all(answers);
    const statuses = texts.map((text) => Number(text.slice(9, 12)));
    // The write is heavy work: the plain reads have not filled its lane.
    expect(statuses).toEqual([200, 200, 503, 503, 503, 200, 202]);
    const refused = texts[2]!;
    expect(refused).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(bodyOf(refused)).toEqual({ error: { status: 503, code: 'overloaded', message: expect.any(String) } });
    expect(service.app.overload).toMatchObject({ inFlight: 0, refused: 3 });
    expect((await fetch(`${service.baseUrl}/v1/search/demo?term=again`)).status).toBe(200);
  });

  it('keeps room for plain searches and suggestions under a flood of faceted searches, which writes share', async () => {
    const service = await start(3);
    const requests = [1, 2, 3].map((n) => get(`/v1/search/demo?term=heavy${n}&facet=custom_fields.area`));
    requests.push(
      // HEAD runs the search too: it is heavy work like its GET.
      `HEAD /v1/search/demo?term=head&rangeFacets=custom_fields.year HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      `DELETE /v2/indices/demo/documents/one HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: ${DEMO_AUTH}\r\n\r\n`,
      get('/v1/search/demo?term=plain'),
      get('/v1/suggest/demo?term=he'),
    );
    const sockets = await Promise.all(requests.map(() => openSocket(service)));
    await accepted(service, sockets.length);
    const answers = sockets.map(readUntilClosed);
    requests.forEach((request, i) => sockets[i]!.write(request));
    const statuses = (await Promise.all(answers)).map((text) => Number(text.slice(9, 12)));
    expect(statuses).toEqual([200, 200, 200, 503, 503, 200, 200]);
  });

  it('gives a lane place to a request once its body is in, so slow uploads do not refuse searches and writes', async () => {
    const service = await start(2);
    const slow = await Promise.all([openSocket(service), openSocket(service)]);
    const read = new Promise<void>((resolve) => {
      let seen = 0;
      service.app.server.on('request', () => ++seen === slow.length && resolve());
    });
    // Their headers and a byte of a 100-byte body: the rest would come a byte at a time.
    for (const socket of slow) {
      socket.on('error', () => undefined);
      socket.write(
        `PUT /v2/indices/demo/documents/slow HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${DEMO_AUTH}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      );
    }
    await read;
    try {
      expect((await fetch(`${service.baseUrl}/v1/search/demo?term=a&facet=custom_fields.area`)).status).toBe(200);
      const write = await fetch(`${service.baseUrl}/v2/indices/demo/documents/one`, {
        method: 'PUT',
        headers: { authorization: DEMO_AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://a.example/1', title: 'One' }),
      });
      expect(write.status).toBe(202);
      expect(service.app.overload.inFlight).toBe(0);
    } finally {
      for (const socket of slow) socket.destroy();
    }
  });

  it('puts recommendations in the read lane', async () => {
    const service = await startWith({ overload: { maxInFlight: 2 }, recommendations: { views: { dataset: 'views' } } });
    const recommend = get('/v1/recommendations/demo?configurationKey=views&ItemId=kettle');
    const requests = [recommend, recommend, recommend, get('/v1/search/demo?term=heavy&facet=custom_fields.area')];
    const sockets = await Promise.all(requests.map(() => openSocket(service)));
    await accepted(service, sockets.length);
    const answers = sockets.map(readUntilClosed);
    requests.forEach((request, i) => sockets[i]!.write(request));
    const statuses = (await Promise.all(answers)).map((text) => Number(text.slice(9, 12)));
    expect(statuses).toEqual([200, 200, 503, 200]);
  });
});

describe('the turns of the overload guard', () => {
  it('go round the lanes that have requests waiting, in order within each', async () => {
    const turns = new TurnQueue();
    const order: string[] = [];
    const wait = (lane: Lane, name: string) => turns.next(lane).then(() => order.push(name));
    await Promise.all([wait('heavy', 'h1'), wait('heavy', 'h2'), wait('heavy', 'h3'), wait('read', 'r1'), wait('heavy', 'h4'), wait('read', 'r2')]);
    expect(order).toEqual(['h1', 'r1', 'h2', 'r2', 'h3', 'h4']);
  });
});

/** Waits until the service has accepted `count` connections, so requests written next are read together. */
async function accepted(service: TestService, count: number): Promise<void> {
  for (;;) {
    const open = await new Promise<number>((resolve, reject) => service.app.server.getConnections((error, n) => (error ? reject(error) : resolve(n))));
    if (open >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
