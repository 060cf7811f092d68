import { act, cleanup, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeController, hit, renderWith, searchAndAnswer } from '../ui/testing.tsx';
import type { More } from './loadMore.ts';

// The facets' and the result parts' stand-ins share one hook (lazyResultParts.tsx), so their
// tests live in one file: test files share a module graph (isolate: false), and a second file's
// mock of loadMore would not reach the hook the first file's import already bound to its own.
const loadMore = vi.fn<() => Promise<More>>();
vi.mock('./loadMore.ts', () => ({ loadMore }));
const { FacetPanel } = await import('./lazyFacetPanel.tsx');
const { FilterChips } = await import('./lazyResultParts.tsx');

const more = { FacetPanel: () => <p>the facets</p> } as unknown as More;

beforeEach(() => {
  loadMore.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

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

  it('holds the Filters button’s place while results are shown before it came', async () => {
    vi.useFakeTimers();
    loadMore.mockReturnValue(new Promise(() => {}));
    const { controller, calls } = fakeController();
    renderWith(controller, <FacetPanel />);
    expect(screen.queryByRole('button')).toBeNull();
    await act(() => searchAndAnswer(controller, calls, 'grid', answer([hit()])));
    expect((screen.getByRole('button', { name: 'Filters' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows nothing when its file cannot be had', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    loadMore.mockRejectedValue(new Error('offline'));
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

describe('the script tag’s result parts', () => {
  it('loads the filter chips beside the first search, from the part loaded later', async () => {
    loadMore.mockResolvedValue({ FilterChips: () => <p>the chips</p> } as unknown as More);
    const { controller } = fakeController();
    renderWith(controller, <FilterChips />);
    expect(loadMore).not.toHaveBeenCalled();
    act(() => controller.setFilters({ fields: { area: ['css'] } }));
    expect(loadMore).not.toHaveBeenCalled();
    act(() => controller.setTerm('grid'));
    expect(loadMore).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('the chips')).toBeTruthy();
    controller.dispose();
  });
});
