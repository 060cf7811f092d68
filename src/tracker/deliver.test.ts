import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatsEvent } from '../client/types.ts';
import { deliver } from './deliver.ts';

const event: StatsEvent = { action: 'search', session: 's', keyword: 'grid', numberOfResults: 0, eventId: 'e1' };
const URL_ = 'https://api.test/v1/stats/demo';

afterEach(() => vi.unstubAllGlobals());

describe('deliver', () => {
  it('POSTs the event as a text/plain JSON string with keepalive, and says what the answer means', async () => {
    const fetch = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetch);
    expect(await deliver(URL_, event)).toBe('ok');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(URL_);
    expect(init).toMatchObject({ method: 'POST', keepalive: true, body: JSON.stringify(event) });
    // A string body is sent as text/plain: a simple request, without a preflight.
    expect(new Request(url, init).headers.get('content-type')).toMatch(/^text\/plain/);
    for (const [status, outcome] of [
      [500, 'retry'],
      [503, 'retry'],
      [429, 'retry'],
      [408, 'retry'],
      [400, 'drop'],
      [404, 'drop'],
    ] as const) {
      fetch.mockResolvedValueOnce(new Response('{}', { status }));
      expect(await deliver(URL_, event)).toBe(outcome);
    }
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await deliver(URL_, event)).toBe('retry');
  });

  it('with beacon, hands the event to sendBeacon, and falls back to fetch when it refuses', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('navigator', { sendBeacon });
    expect(await deliver(URL_, event, true)).toBe('sent');
    expect(sendBeacon).toHaveBeenCalledWith(URL_, JSON.stringify(event));
    expect(fetch).not.toHaveBeenCalled();
    sendBeacon.mockReturnValue(false);
    expect(await deliver(URL_, event, true)).toBe('ok');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('warns once in the console, naming statsAllowedOrigins, when the service refuses the page’s origin', async () => {
    const refused = () =>
      new Response(JSON.stringify({ error: { status: 403, code: 'origin_not_allowed', message: 'not taken' } }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      });
    const fetch = vi.fn(() => Promise.resolve(refused()));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', fetch);
    expect(await deliver(`${URL_}/refusing`, event)).toBe('drop');
    expect(await deliver(`${URL_}/refusing`, event)).toBe('drop');
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(String(warn.mock.calls[0]![0])).toMatch(/statsAllowedOrigins/);
    // Another refusal (a bad event) says nothing.
    fetch.mockResolvedValueOnce(new Response('{"error":{"status":400,"code":"invalid_body"}}', { status: 400 }));
    expect(await deliver(`${URL_}/other`, event)).toBe('drop');
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
