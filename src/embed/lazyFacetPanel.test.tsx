import { act, screen } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeController, renderWith } from '../ui/testing.tsx';
import type { More } from './loadMore.ts';

const loadMore = vi.fn<() => Promise<More>>();
vi.mock('./loadMore.ts', () => ({ loadMore }));
const { FacetPanel } = await import('./lazyFacetPanel.tsx');

const more = { FacetPanel: () => <p>the facets</p> } as unknown as More;

beforeEach(() => loadMore.mockReset());

describe('the script tag’s FacetPanel', () => {
  it('loads nothing before a search, then loads beside the first one and shows the panel', async () => {
    loadMore.mockResolvedValue(more);
    const { controller } = fakeController();
    renderWith(controller, <FacetPanel />);
    expect(loadMore).not.toHaveBeenCalled();
    act(() => {
      controller.setTerm('grid');
      controller.submit();
    });
    // Sent, not answered: the panel's file is asked for beside the search.
    expect(loadMore).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('the facets')).toBeTruthy();
  });

  it('shows nothing when its file cannot be had', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    loadMore.mockRejectedValueOnce(new Error('offline'));
    const { controller } = fakeController();
    const { container } = renderWith(controller, <FacetPanel />);
    act(() => {
      controller.setTerm('grid');
      controller.submit();
    });
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(container.innerHTML).toBe('');
    error.mockRestore();
  });
});
