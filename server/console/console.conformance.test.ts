import { describe, expect, it } from 'vitest';
import { servicesPerTest } from '../testing/servicesPerTest.ts';

describe('the console at /console/', () => {
  const start = servicesPerTest();

  it('serves the built console and its files, with no secret in them', async () => {
    const service = await start();
    const page = await fetch(`${service.baseUrl}/console/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await page.text();
    expect(html).toContain('<div id="console">');
    // The built pages name their files relatively, so they work under any prefix.
    const files = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    expect(files.some((f) => f.endsWith('.css'))).toBe(true);
    for (const file of files) {
      const answer = await fetch(`${service.baseUrl}/console/${file}`);
      expect(answer.status, file).toBe(200);
      expect(answer.headers.get('content-type'), file).toMatch(file.endsWith('.js') ? /javascript/ : /text\/css/);
      const text = await answer.text();
      expect(text).not.toContain('demo-secret');
      expect(text).not.toContain('VITE_DEMO_SECRET');
    }
    expect(html).not.toContain('demo-secret');
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
