import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatsEvent, StatsProposals } from '../../src/client/types.ts';
import { sendFrom } from '../testing/fromAddress.ts';
import { basicAuth, DEMO_AUTH, getJson, startService, type TestService } from '../testing/service.ts';

let service: TestService;
let tuned: TestService;
const DAY = 86_400_000;
/** The services' clock: events are stamped by it, and a proposal needs pairs made on two days. */
let now = Date.parse('2026-05-01T12:00:00Z');

beforeAll(async () => {
  service = await startService({ clock: () => now });
  tuned = await startService({
    clock: () => now,
    indices: [{ publicKey: 'demo', secret: 'demo-secret', proposals: { minSessions: 2, minAddresses: 1, minDays: 1 } }],
  });
});

afterAll(async () => {
  for (const s of [service, tuned]) {
    await s.close();
    s.remove();
  }
});

/** A visitor's session from `address`: a search that finds nothing, then one of other words whose result they click. */
async function failThenFind(s: TestService, address: string, session: string, failed: string, found: string, docid: string): Promise<void> {
  const events: StatsEvent[] = [
    { action: 'search', session, keyword: failed, numberOfResults: 0 },
    { action: 'search', session, keyword: found, numberOfResults: 4 },
    { action: 'click', session, keyword: found, docid, position: 2 },
  ];
  for (const event of events) expect((await sendFrom(s, address, 'POST', '/v1/stats/demo', event)).status).toBe(200);
}

async function proposals(s: TestService, auth = DEMO_AUTH) {
  return getJson<StatsProposals>(s, '/v2/indices/demo/stats/proposals', [], { headers: { authorization: auth } });
}

describe('GET /v2/indices/{key}/stats/proposals', () => {
  it('proposes a synonym and a pin once 5 sessions from 3 address groups made the same pair on two days', async () => {
    for (let i = 0; i < 4; i++) await failThenFind(service, `127.${60 + (i % 4)}.0.1`, `v${i}`, 'Round corners', 'border radius', 'radius-doc');
    expect((await proposals(service)).body).toEqual({ proposals: [] });
    for (let i = 4; i < 7; i++) await failThenFind(service, `127.${60 + (i % 4)}.0.1`, `v${i}`, 'round  corners', 'Border radius', 'radius-doc');
    // Seven sessions from four address groups, all in one day: not yet.
    expect((await proposals(service)).body).toEqual({ proposals: [] });
    now += DAY;
    await failThenFind(service, '127.64.0.1', 'v7', 'round corners', 'border radius', 'radius-doc');
    const answer = await proposals(service);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      proposals: [
        { kind: 'pin', from: 'round corners', to: 'border radius', id: 'radius-doc', sessions: 8, addresses: 5, groups: 5, days: 2 },
        { kind: 'synonym', from: 'round corners', to: 'border radius', sessions: 8, addresses: 5, groups: 5, days: 2 },
      ],
    });
  });

  it('takes no pin forged with 18 events from three addresses in one go', async () => {
    for (let i = 0; i < 6; i++) await failThenFind(service, `127.${90 + (i % 3)}.0.1`, `forged-${i}`, 'account login', 'sign in', 'attacker-page');
    expect((await proposals(service)).body.proposals.map((p) => p.from)).not.toContain('account login');
  });

  it('takes no pair that one address made, however many sessions it made up', async () => {
    for (let i = 0; i < 30; i++) await failThenFind(service, '127.0.0.70', `planted-${i}`, 'mango lime', 'lemon', 'lemon-doc');
    expect((await proposals(service)).body.proposals.map((p) => p.from)).not.toContain('mango lime');
  });

  it('follows the index’s settings', async () => {
    for (const session of ['a', 'b']) await failThenFind(tuned, '127.0.0.80', session, 'centre div', 'align items', 'align-doc');
    expect((await proposals(tuned)).body.proposals.map((p) => [p.kind, p.from, p.to, p.sessions, p.addresses])).toEqual([
      ['pin', 'centre div', 'align items', 2, 1],
      ['synonym', 'centre div', 'align items', 2, 1],
    ]);
  });

  it('needs the index’s secret, and checks limit', async () => {
    expect((await getJson(service, '/v2/indices/demo/stats/proposals')).status).toBe(401);
    expect((await proposals(service, basicAuth('demo', 'wrong'))).status).toBe(401);
    const bad = await getJson(service, '/v2/indices/demo/stats/proposals', [['limit', '0']], { headers: { authorization: DEMO_AUTH } });
    expect(bad.status).toBe(400);
    const one = await getJson<StatsProposals>(service, '/v2/indices/demo/stats/proposals', [['limit', '1']], { headers: { authorization: DEMO_AUTH } });
    expect(one.body.proposals).toHaveLength(1);
  });
});
