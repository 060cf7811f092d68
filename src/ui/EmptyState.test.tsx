import { act, cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSuggestions } from '../core/createSuggestions.ts';
import { Results } from './Results.tsx';
import { advance, answer, fakeController, renderWidget, searchAndAnswer } from './testing.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('EmptyState', () => {
  it('names the term and offers the other suggestions as one-click searches, and nothing else', async () => {
    const { controller, calls } = fakeController();
    const client = {
      suggest: vi.fn(async () => ({ suggestions: [{ value: 'gird' }, { value: 'grid' }, { value: 'grid gap' }] })),
      autocomplete: vi.fn(),
    };
    const suggestions = createSuggestions({ client, id: 't' });
    renderWidget(
      controller,
      <>
        <input class="ss-input" aria-label="Search" />
        <Results />
      </>,
      { suggestions },
    );
    suggestions.update('gird');
    await advance(100);
    await act(() => searchAndAnswer(controller, calls, 'gird', answer([])));
    expect(screen.getByText('No results for “gird”')).toBeTruthy();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['grid', 'grid gap']);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'grid' }));
    });
    expect(controller.term.value).toBe('grid');
    expect(calls.at(-1)?.params).toMatchObject({ term: 'grid', fuzzy: 'auto' });
    // The chip is gone with the empty state; the focus is in the field, not on the page.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search' }));
  });

  it('offers the popular searches when there are no suggestions', async () => {
    const { controller, calls } = fakeController();
    renderWidget(controller, <Results />, { config: { popularSearches: ['grid', 'fetch'] } });
    await act(() => searchAndAnswer(controller, calls, 'gird', answer([])));
    expect(screen.getByText('Try searching for:')).toBeTruthy();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['grid', 'fetch']);
  });

  it('shows no buttons without suggestions', async () => {
    const { controller, calls } = fakeController();
    renderWidget(controller, <Results />);
    await act(() => searchAndAnswer(controller, calls, 'gird', answer([])));
    expect(screen.getByText('No results for “gird”')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('does not offer a rule’s redirect as a search', async () => {
    const { controller, calls } = fakeController();
    const client = { suggest: vi.fn(async () => ({ suggestions: [{ value: 'accounts' }] })), autocomplete: vi.fn() };
    const suggestions = createSuggestions({ client, id: 't' });
    renderWidget(controller, <Results />, { suggestions });
    suggestions.update('account');
    await advance(100);
    await act(() => searchAndAnswer(controller, calls, 'account', answer([])));
    act(() => suggestions.redirect('https://example.com/account'));
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['accounts']);
  });
});
