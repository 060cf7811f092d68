// In the conformance suite (server/testing/testEngine.ts): personal results by userToken on the tests' engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForgetUserResponse, SearchResponse } from '../../src/client/types.ts';
import { DEFAULT_PERSONALIZATION } from '../events/personalization.ts';
import { NEW_PROFILES_PER_GROUP_DAY, PROFILE_CLICKS_PER_USER_HOUR } from '../indices/personalProfiles.ts';
import { sendFrom } from '../testing/fromAddress.ts';
import { basicAuth, getJson, sendJson, startServiceWithDocuments, type TestService } from '../testing/service.ts';
import { signUserToken } from '../../src/node/userToken.ts';

/** The moment the services of these tests live at (their `clock`). */
const NOW = Date.UTC(2026, 5, 1, 12);
/** A token of user `id` for the demo index, valid for an hour from NOW. */
const token = (id: string, secret = 'demo-secret', expires: number = 3600) => signUserToken({ id, secret, expires, now: NOW });

const SITE = 'https://docs.example.test';
const DOCUMENTS = [
  { id: 'css-color', url: `${SITE}/css/color`, title: 'CSS color property', main_content: 'Sets the color of text.' },
  { id: 'html-color', url: `${SITE}/html/color`, title: 'color attribute', main_content: 'The color of a font element.' },
  { id: 'js-color', url: `${SITE}/js/color`, title: 'Canvas color fill', main_content: 'Fills shapes with a color.' },
  { id: 'css-margin', url: `${SITE}/css/margin`, title: 'CSS margin', main_content: 'Space around a box.' },
  { id: 'css-padding', url: `${SITE}/css/padding`, title: 'CSS padding', main_content: 'Space inside a box.' },
  { id: 'html-table', url: `${SITE}/html/table`, title: 'HTML table', main_content: 'Rows and cells.' },
];

describe('personal results by userToken', () => {
  let service: TestService;

  /** The ids found for `term`, as the user `id` (none: anonymous) in session visit-1, without recording the search. */
  const ids = async (term: string, id?: string, s: TestService = service) => {
    const params: Array<[string, string]> = [
      ['term', term],
      ['collectAnalytics', 'false'],
      ['session', 'visit-1'],
    ];
    if (id !== undefined) params.push(['userToken', await token(id)]);
    const answer = await getJson<SearchResponse>(s, '/v1/search/demo', params);
    expect(answer.status).toBe(200);
    return answer.body.hits.map((hit) => hit.id);
  };
  /** A click of user `id` on `docid` in session visit-1, as the widget sends it (after a search as that user). */
  const click = async (id: string, docid: string, s: TestService = service) => {
    const answer = await sendJson(
      s,
      'POST',
      '/v1/stats/demo',
      { action: 'click', session: 'visit-1', keyword: 'box', docid, position: 1, userToken: await token(id) },
      null,
    );
    expect(answer.status).toBe(200);
  };
  const forget = (userToken: string, auth: string | null = basicAuth('demo', 'demo-secret'), s: TestService = service) =>
    sendJson(s, 'DELETE', `/v2/indices/demo/users/${encodeURIComponent(userToken)}`, undefined, auth);

  beforeAll(async () => {
    service = await startServiceWithDocuments(DOCUMENTS, { clock: () => NOW });
  });
  afterAll(async () => {
    await service.close();
    service.remove();
  });

  it('ranks the pages like those a user clicked higher for that user only, and forgets them on request', async () => {
    const organic = await ids('color');
    expect(organic[0]).toBe('html-color');
    // A token with no profile: exactly the organic results.
    expect(await ids('color', 'ada')).toEqual(organic);

    await ids('box', 'ada');
    await click('ada', 'css-margin');
    await click('ada', 'css-padding');
    const personal = await ids('color', 'ada');
    expect(personal[0]).toBe('css-color');
    expect(personal.indexOf('css-color')).toBeLessThan(organic.indexOf('css-color'));
    // Ada's clicks reach nobody else.
    expect(await ids('color')).toEqual(organic);
    expect(await ids('color', 'bob')).toEqual(organic);

    // Bob clicks HTML pages: his results move his way, Ada's stay hers.
    await ids('table', 'bob');
    await click('bob', 'html-table');
    expect((await ids('color', 'bob'))[0]).toBe('html-color');
    expect(await ids('color', 'ada')).toEqual(personal);

    expect((await forget('ada', null)).status).toBe(401);
    const forgotten = await forget('ada');
    expect(forgotten.status).toBe(200);
    expect((await forgotten.json()) as ForgetUserResponse).toEqual({ userToken: 'ada', forgotten: true });
    expect(await ids('color', 'ada')).toEqual(organic);
    expect((await (await forget('ada')).json()) as ForgetUserResponse).toEqual({ userToken: 'ada', forgotten: false });
  });

  it('counts a resent click once in the profile', async () => {
    const userToken = await token('eve');
    // The widget's search event: session s searched as Eve.
    expect(
      (await sendJson(service, 'POST', '/v1/stats/demo', { action: 'search', session: 's', keyword: 'k', numberOfResults: 3, userToken }, null)).status,
    ).toBe(200);
    const send = (docid: string, eventId: string) =>
      sendJson(service, 'POST', '/v1/stats/demo', { action: 'click', session: 's', keyword: 'k', docid, position: 1, eventId, userToken }, null);
    for (const [docid, eventId] of [
      ['css-margin', 'e-1'],
      ['css-margin', 'e-1'],
      ['css-margin', 'e-1'],
      ['html-table', 'e-2'],
    ] as const) {
      expect((await send(docid, eventId)).status).toBe(200);
    }
    const profile = await service.app.eventStores.get('demo').userProfile('eve', NOW, DEFAULT_PERSONALIZATION);
    expect(profile?.get('c:1xcss')).toBeCloseTo(0.5, 6);
    expect(profile?.get('c:1xhtml')).toBeCloseTo(0.5, 6);
  });

  it('refuses a click whose userToken is too long, and a forget without a token', async () => {
    const long = await sendJson(
      service,
      'POST',
      '/v1/stats/demo',
      { action: 'click', session: 's', keyword: 'k', docid: 'css-color', position: 1, userToken: 'u'.repeat(129) },
      null,
    );
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { parameter: string } }).error.parameter).toBe('userToken');
    expect((await forget('u'.repeat(129))).status).toBe(400);
  });

  it('keeps no profile where the index turns personal results off', async () => {
    const off = await startServiceWithDocuments(DOCUMENTS, {
      clock: () => NOW,
      indices: [{ publicKey: 'demo', secret: 'demo-secret', personalization: { impact: 0 } }],
    });
    try {
      const organic = await ids('color', undefined, off);
      await ids('box', 'ada', off);
      await click('ada', 'css-margin', off);
      expect(await ids('color', 'ada', off)).toEqual(organic);
      expect((await (await forget('ada', undefined, off)).json()) as ForgetUserResponse).toEqual({ userToken: 'ada', forgotten: false });
    } finally {
      await off.close();
      off.remove();
    }
  });

  /** POSTs a stats event from `address`. */
  const fetchFrom = (address: string, event: object) => sendFrom(service, address, 'POST', '/v1/stats/demo', event, {});

  it('refuses a user token the site did not sign, one signed with another key, and an expired one, with a 400 naming userToken', async () => {
    const expired = await signUserToken({ id: 'ada', secret: 'demo-secret', expires: 60, now: NOW - 120_000 });
    const other = await token('ada', 'another-secret');
    const valid = await token('ada');
    const tampered = valid.replace(/^ada\./, 'bob.');
    for (const userToken of ['ada', 'user-42', other, expired, tampered]) {
      const search = await getJson<{ error: { parameter: string; message: string } }>(service, '/v1/search/demo', [
        ['term', 'color'],
        ['userToken', userToken],
      ]);
      expect(search.status, userToken).toBe(400);
      expect(search.body.error.parameter).toBe('userToken');
      const click = await fetchFrom('127.0.0.1', { action: 'click', session: 's', keyword: 'k', docid: 'css-color', position: 1, userToken });
      expect(click.status, userToken).toBe(400);
      expect(click.text).toContain('userToken');
    }
    const message = (
      await getJson<{ error: { message: string } }>(service, '/v1/search/demo', [
        ['term', 'color'],
        ['userToken', expired],
      ])
    ).body.error.message;
    expect(message).toContain('expired');
  });

  it('writes nothing for clicks of a leaked token from a session that did not search with it (the forged profile clicks of issue 43)', async () => {
    const victim = await token('user-42');
    await ids('color', 'user-42');
    const before = await ids('color', 'user-42');
    // Another address, no credential, no Origin, no search: 20 text/plain clicks on CSS pages.
    for (let i = 0; i < 20; i++) {
      const answer = await sendFrom(
        service,
        '127.0.3.7',
        'POST',
        '/v1/stats/demo',
        { action: 'click', session: 'forged', keyword: 'box', docid: i % 2 === 0 ? 'css-margin' : 'css-padding', position: 1, userToken: victim },
        { 'content-type': 'text/plain' },
      );
      expect(answer.status).toBe(200);
    }
    expect(await service.app.eventStores.get('demo').userProfile('user-42', NOW, DEFAULT_PERSONALIZATION)).toBeNull();
    expect(await ids('color', 'user-42')).toEqual(before);
  });

  it('limits the clicks one user adds to their profile in an hour', async () => {
    const userToken = await token('zed');
    expect((await fetchFrom('127.0.4.1', { action: 'search', session: 'z', keyword: 'box', numberOfResults: 2, userToken })).status).toBe(200);
    for (let i = 0; i < PROFILE_CLICKS_PER_USER_HOUR; i++) {
      expect((await fetchFrom('127.0.4.1', { action: 'click', session: 'z', keyword: 'box', docid: 'css-margin', position: 1, userToken })).status).toBe(200);
    }
    for (let i = 0; i < 5; i++) {
      expect((await fetchFrom('127.0.4.1', { action: 'click', session: 'z', keyword: 'box', docid: 'html-table', position: 1, userToken })).status).toBe(200);
    }
    const profile = await service.app.eventStores.get('demo').userProfile('zed', NOW, DEFAULT_PERSONALIZATION);
    expect(profile?.get('c:1xcss')).toBeCloseTo(1, 6);
    expect(profile?.get('c:1xhtml')).toBeUndefined();
  });

  it('starts at most NEW_PROFILES_PER_GROUP_DAY profiles a day from one address group (IPv4 /24)', async () => {
    for (let i = 0; i <= NEW_PROFILES_PER_GROUP_DAY; i++) {
      const userToken = await token(`n-${i}`);
      // Each from another address of the same /24.
      const address = `127.0.6.${(i % 200) + 1}`;
      expect((await fetchFrom(address, { action: 'search', session: `n-${i}`, keyword: 'box', numberOfResults: 2, userToken })).status).toBe(200);
      expect((await fetchFrom(address, { action: 'click', session: `n-${i}`, keyword: 'box', docid: 'css-margin', position: 1, userToken })).status).toBe(200);
    }
    const store = service.app.eventStores.get('demo');
    expect(await store.userProfile(`n-${NEW_PROFILES_PER_GROUP_DAY - 1}`, NOW, DEFAULT_PERSONALIZATION)).not.toBeNull();
    expect(await store.userProfile(`n-${NEW_PROFILES_PER_GROUP_DAY}`, NOW, DEFAULT_PERSONALIZATION)).toBeNull();
  });

  it('takes unsigned tokens only where the index allows them, for local use', async () => {
    const local = await startServiceWithDocuments(DOCUMENTS, {
      clock: () => NOW,
      indices: [{ publicKey: 'demo', secret: 'demo-secret', allowUnsignedUserTokens: true }],
    });
    try {
      const search = await getJson(local, '/v1/search/demo', [
        ['term', 'box'],
        ['session', 'v'],
        ['userToken', 'ada'],
      ]);
      expect(search.status).toBe(200);
      const answer = await sendJson(
        local,
        'POST',
        '/v1/stats/demo',
        { action: 'click', session: 'v', keyword: 'box', docid: 'css-margin', position: 1, userToken: 'ada' },
        null,
      );
      expect(answer.status).toBe(200);
      expect((await local.app.eventStores.get('demo').userProfile('ada', NOW, DEFAULT_PERSONALIZATION))?.get('c:1xcss')).toBeCloseTo(1, 6);
    } finally {
      await local.close();
      local.remove();
    }
  });

  it('signs no token for an e-mail address', async () => {
    await expect(signUserToken({ id: 'ada@example.com', secret: 'demo-secret' })).rejects.toThrow(/e-mail/);
  });
});
