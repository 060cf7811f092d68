import { act, cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchWidget } from './SearchWidget.tsx';
import { answer, fakeController, hit, searchAndAnswer } from './testing.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SearchWidget', () => {
  it('composes the box, the stats line and the results around one controller', async () => {
    const { controller, calls } = fakeController();
    render(<SearchWidget controller={controller} />);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
    await act(() => searchAndAnswer(controller, calls, 'grid', answer([hit()], 1, 2)));
    // Said once the typing has paused.
    await act(async () => void (await vi.advanceTimersByTimeAsync(1000)));
    expect(screen.getByRole('status').textContent).toBe('1 result');
    const list = screen.getByRole('list', { name: 'Search results' });
    expect(within(list).getByRole('link', { name: 'grid - CSS' })).toBeTruthy();
  });

  it('offers a skip past the sort and the filters to the results, which takes the focus', async () => {
    const { controller, calls } = fakeController();
    render(<SearchWidget controller={controller} config={{ facets: [{ field: 'area', label: 'Area' }] }} />);
    expect(screen.queryByRole('button', { name: 'Skip to results' })).toBeNull();
    await act(() => searchAndAnswer(controller, calls, 'grid', answer([hit()], 1, 2)));
    act(() => {
      screen.getByRole('button', { name: 'Skip to results' }).click();
    });
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Search results' }));
  });
});
