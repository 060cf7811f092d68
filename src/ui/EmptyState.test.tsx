import { act, cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Results } from './Results.tsx';
import { answer, fakeController, renderWidget, searchAndAnswer } from './testing.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('EmptyState', () => {
  it('offers a search for similar words once, which sends fuzzy=auto', async () => {
    const { controller, calls } = fakeController();
    renderWidget(controller, <Results />);
    await act(() => searchAndAnswer(controller, calls, 'gird', answer([])));
    expect(screen.getByText('No results for “gird”')).toBeTruthy();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Search for similar words' }));
    });
    expect(calls.at(-1)?.params).toMatchObject({ term: 'gird', fuzzy: 'auto' });
    await act(async () => {
      calls.at(-1)?.resolve(answer([]));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.queryByRole('button', { name: 'Search for similar words' })).toBeNull();
  });
});
