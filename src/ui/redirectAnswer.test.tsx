// A query rule's redirect is the answer: a card with the address, never "0 results" and the
// spelling advice beside it; in the overlay, the page's dropdown and the page's results.
import { act, cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SuggestResponse } from '../client/types.ts';
import { createSuggestions } from '../core/createSuggestions.ts';
import { Results } from './Results.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SearchOverlay } from './SearchOverlay.tsx';
import { StatsLine } from './StatsLine.tsx';
import { advance, answer, answerLatest, dialogMethods, fakeController, renderWidget, searchAndAnswer } from './testing.tsx';

const GUIDE = 'https://example.com/tailwind-guide';
const onlyRedirect = { ...answer([], 0), redirect: GUIDE };
const ADVICE = /check the spelling/i;

beforeEach(() => {
  vi.useFakeTimers();
  dialogMethods();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a redirect as the answer', () => {
  it('in the overlay: one card with the address, no count and no spelling advice', async () => {
    const { controller, calls } = fakeController();
    renderWidget(controller, <SearchOverlay />);
    act(() => {
      fireEvent.click(document.querySelector('.ss-opener')!);
    });
    await act(() => searchAndAnswer(controller, calls, 'tailwind', onlyRedirect));
    const card = screen.getByRole('option');
    expect(card.classList.contains('ss-redirect')).toBe(true);
    expect(card.textContent).toContain('example.com/tailwind-guide');
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).not.toMatch(ADVICE);
    expect(dialog.textContent).not.toMatch(/0 results|\d+ ms/);
  });

  it('on the results page: a card linking to the address instead of "No results" and the advice', async () => {
    const { controller, calls } = fakeController();
    renderWidget(
      controller,
      <>
        <StatsLine />
        <Results />
      </>,
    );
    await act(() => searchAndAnswer(controller, calls, 'tailwind', onlyRedirect));
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe(GUIDE);
    expect(link.closest('.ss-redirect')).not.toBeNull();
    expect(document.body.textContent).not.toMatch(ADVICE);
    expect(document.body.textContent).not.toMatch(/No results|0 results/);
  });

  it('in the page’s dropdown: the card is the first option', async () => {
    const { controller, calls } = fakeController();
    const client = {
      suggest: vi.fn(async (): Promise<SuggestResponse> => ({ suggestions: [] })),
      autocomplete: vi.fn(),
    };
    const suggestions = createSuggestions({ client, id: 't' });
    renderWidget(controller, <SearchBox />, { suggestions });
    const input = screen.getByRole('combobox') as HTMLInputElement;
    input.focus();
    input.value = 'tailwind';
    act(() => {
      fireEvent.input(input);
    });
    await advance(0);
    await answerLatest(calls, onlyRedirect);
    const [first] = screen.getAllByRole('option');
    expect(first!.classList.contains('ss-redirect')).toBe(true);
    expect(first!.textContent).toContain('example.com/tailwind-guide');
  });
});
