// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { More } from './loadMore.ts';

const loadMore = vi.fn<() => Promise<More>>();
vi.mock('./loadMore.ts', () => ({ loadMore }));
const { mountRecommendations } = await import('./lazyRecommendations.ts');

const options = { siteKey: 'k', baseUrl: 'https://api.test', configurationKey: 'related', itemId: 'doc-1' };

function fakeMore() {
  const row = { setConsent: vi.fn(), destroy: vi.fn() };
  const mount = vi.fn(() => row);
  const more = { createTracker: vi.fn(), loadRelated: vi.fn(async () => mount) } as unknown as More;
  return { row, more, mount };
}

beforeEach(() => {
  loadMore.mockReset();
});

describe('the script tag’s mountRecommendations', () => {
  it('says at once when it is given no element', () => {
    expect(() => mountRecommendations(null as unknown as Element, options)).toThrow(/needs an element/);
    expect(loadMore).not.toHaveBeenCalled();
  });

  it('mounts the row once its file is here, with the consent given meanwhile', async () => {
    const { row, more, mount } = fakeMore();
    loadMore.mockResolvedValue(more);
    const target = document.createElement('div');
    const mounted = mountRecommendations(target, options);
    mounted.setConsent(true);
    await vi.waitFor(() => expect(mount).toHaveBeenCalledWith(target, options));
    expect(row.setConsent).toHaveBeenCalledWith(true);
    mounted.destroy();
    expect(row.destroy).toHaveBeenCalled();
  });

  it('destroyed before its file came, it never shows', async () => {
    const { more, mount } = fakeMore();
    loadMore.mockResolvedValue(more);
    mountRecommendations(document.createElement('div'), options).destroy();
    await vi.waitFor(() => expect(more.loadRelated).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve));
    expect(mount).not.toHaveBeenCalled();
  });

  it('says on the console when its file cannot be had, and shows nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    loadMore.mockRejectedValue(new Error('offline'));
    const target = document.createElement('div');
    mountRecommendations(target, options);
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(new Error('offline')));
    expect(target.innerHTML).toBe('');
    error.mockRestore();
  });
});
