import { describe, expect, it } from 'vitest';
import { servicesPerTest } from '../testing/servicesPerTest.ts';

describe('the console at /console/', () => {
  const start = servicesPerTest();

  it('serves the sign-in page and its files, with no secret in them', async () => {
    const service = await start();
    const page = await fetch(`${service.baseUrl}/console/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await page.text();
    expect(html).toContain('<form id="sign-in-form"');
    const script = await fetch(`${service.baseUrl}/console/signIn.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    const code = await script.text();
    for (const text of [html, code]) {
      expect(text).not.toContain('demo-secret');
      expect(text).not.toMatch(/localStorage|sessionStorage/);
    }
    const bare = await fetch(`${service.baseUrl}/console`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/console/');
    expect((await fetch(`${service.baseUrl}/console/../app.ts`)).status).toBe(404);
    expect((await fetch(`${service.baseUrl}/console/nothing.js`)).status).toBe(404);
  });

  it('is off with console: false (--no-console)', async () => {
    const service = await start({ console: false });
    expect((await fetch(`${service.baseUrl}/console/`)).status).toBe(404);
  });
});
