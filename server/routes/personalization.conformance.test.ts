// In the conformance suite (server/testing/testEngine.ts): personal results by userToken on the tests' engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForgetUserResponse, SearchResponse } from '../../src/client/types.ts';
import { DEFAULT_PERSONALIZATION } from '../events/personalization.ts';
import { injectService } from '../testing/injectedService.ts';
import { basicAuth, getJson, putJson, sendJson, type TestService } from '../testing/service.ts';

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

  /** The ids found for `term`, as `userToken` (none: anonymous), without recording the search. */
  const ids = async (term: string, userToken?: string, s: TestService = service) => {
    const params: Array<[string, string]> = [
      ['term', term],
      ['collectAnalytics', 'false'],
    ];
    if (userToken !== undefined) params.push(['userToken', userToken]);
    const answer = await getJson<SearchResponse>(s, '/v1/search/demo', params);
    expect(answer.status).toBe(200);
    return answer.body.hits.map((hit) => hit.id);
  };
  /** A click of `userToken` on `docid`, as the widget sends it. */
  const click = async (userToken: string, docid: string, s: TestService = service) => {
    const answer = await sendJson(s, 'POST', '/v1/stats/demo', { action: 'click', session: 'visit-1', keyword: 'box', docid, position: 1, userToken }, null);
    expect(answer.status).toBe(200);
  };
  const forget = (userToken: string, auth: string | null = basicAuth('demo', 'demo-secret'), s: TestService = service) =>
    sendJson(s, 'DELETE', `/v2/indices/demo/users/${encodeURIComponent(userToken)}`, undefined, auth);

  beforeAll(async () => {
    service = await injectService();
    expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents: DOCUMENTS })).status).toBe(202);
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

    await click('ada', 'css-margin');
    await click('ada', 'css-padding');
    const personal = await ids('color', 'ada');
    expect(personal[0]).toBe('css-color');
    expect(personal.indexOf('css-color')).toBeLessThan(organic.indexOf('css-color'));
    // Ada's clicks reach nobody else.
    expect(await ids('color')).toEqual(organic);
    expect(await ids('color', 'bob')).toEqual(organic);

    // Bob clicks HTML pages: his results move his way, Ada's stay hers.
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
    const send = (docid: string, eventId: string) =>
      sendJson(service, 'POST', '/v1/stats/demo', { action: 'click', session: 's', keyword: 'k', docid, position: 1, eventId, userToken: 'eve' }, null);
    for (const [docid, eventId] of [
      ['css-margin', 'e-1'],
      ['css-margin', 'e-1'],
      ['css-margin', 'e-1'],
      ['html-table', 'e-2'],
    ] as const) {
      expect((await send(docid, eventId)).status).toBe(200);
    }
    const profile = await service.app.eventStores.get('demo').userProfile('eve', Date.now(), DEFAULT_PERSONALIZATION);
    expect(profile?.get('c:1xcss')).toBeCloseTo(0.5, 6);
    expect(profile?.get('c:1xhtml')).toBeCloseTo(0.5, 6);
  });

  it('refuses a click whose userToken is too long, and a forget without a token', async () => {
    const long = await sendJson(
      service,
      'POST',
      '/v1/stats/demo',
      { action: 'click', session: 's', keyword: 'k', docid: 'css-color', position: 1, userToken: 'u'.repeat(65) },
      null,
    );
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { parameter: string } }).error.parameter).toBe('userToken');
    expect((await forget('u'.repeat(65))).status).toBe(400);
  });

  it('keeps no profile where the index turns personal results off', async () => {
    const off = await injectService({ indices: [{ publicKey: 'demo', secret: 'demo-secret', personalization: { impact: 0 } }] });
    try {
      expect((await putJson(off, '/v2/indices/demo/documents:batch', { documents: DOCUMENTS })).status).toBe(202);
      const organic = await ids('color', undefined, off);
      await click('ada', 'css-margin', off);
      expect(await ids('color', 'ada', off)).toEqual(organic);
      expect((await (await forget('ada', undefined, off)).json()) as ForgetUserResponse).toEqual({ userToken: 'ada', forgotten: false });
    } finally {
      await off.close();
      off.remove();
    }
  });
});
