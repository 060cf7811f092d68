// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_IDLE_MS, sessionId } from './sessionId.ts';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('sessionId', () => {
  it('is 32 hex characters, kept in localStorage for the site while there is activity', () => {
    const id = sessionId(1_000);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(localStorage.getItem('ss-session')!)).toEqual({ id, at: 1_000 });
    // Each call is activity: 29 minutes apart, three times, is one session.
    expect(sessionId(1_000 + SESSION_IDLE_MS - 60_000)).toBe(id);
    expect(sessionId(1_000 + 2 * SESSION_IDLE_MS - 120_000)).toBe(id);
  });

  it('is renewed after 30 minutes without activity', () => {
    const id = sessionId(0);
    const next = sessionId(SESSION_IDLE_MS);
    expect(next).not.toBe(id);
    expect(next).toMatch(/^[0-9a-f]{32}$/);
    expect(sessionId(SESSION_IDLE_MS + 1)).toBe(next);
  });

  it('replaces a damaged stored value', () => {
    localStorage.setItem('ss-session', '{"id":"<script>","at":0}');
    expect(sessionId(1)).toMatch(/^[0-9a-f]{32}$/);
    localStorage.setItem('ss-session', 'not json');
    expect(sessionId(2)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keeps one id in memory when storage throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const id = sessionId(10);
    expect(sessionId(20)).toBe(id);
    expect(sessionId(20 + SESSION_IDLE_MS)).not.toBe(id);
  });
});
