// Enter in the overlay's field with no option arrowed to: "See all N results" when the site
// has a results page, else the first hit; what the footer's "↵ to search" promises.
import { act, cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchOverlay } from './SearchOverlay.tsx';
import { answer, answerLatest, dialogMethods, fakeController, hit, renderWidget, searchAndAnswer } from './testing.tsx';

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  dialogMethods();
  assign = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const DIALOG = hit({ id: 'd1', url: 'https://example.com/dialog', title: 'dialog element' });
const SHOW = hit({ id: 'd2', url: 'https://example.com/showModal', title: 'showModal()' });

function setup(resultsUrl?: string) {
  const { controller, calls } = fakeController();
  renderWidget(controller, <SearchOverlay />, { config: resultsUrl === undefined ? {} : { resultsUrl } });
  act(() => {
    fireEvent.click(document.querySelector('.ss-opener')!);
  });
  vi.stubGlobal('location', { href: 'https://example.com/docs/', assign });
  const input = screen.getByRole('combobox');
  const enter = () =>
    act(() => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
  return { controller, calls, enter };
}

describe('Enter in the overlay’s field', () => {
  it('opens "See all N results" when the site has a results page', async () => {
    const { controller, calls, enter } = setup('/search');
    await act(() => searchAndAnswer(controller, calls, 'dialog', answer([DIALOG, SHOW], 12)));
    enter();
    expect(assign).toHaveBeenCalledWith('https://example.com/search?q=dialog');
  });

  it('opens the first hit when it has none', async () => {
    const { controller, calls, enter } = setup();
    await act(() => searchAndAnswer(controller, calls, 'dialog', answer([DIALOG, SHOW], 12)));
    enter();
    expect(assign).toHaveBeenCalledWith('https://example.com/dialog');
  });

  it('pressed before the answer, acts once it comes, for the term still in the field', async () => {
    const { controller, calls, enter } = setup();
    act(() => controller.setTerm('dialog'));
    enter();
    expect(assign).not.toHaveBeenCalled();
    await answerLatest(calls, answer([DIALOG, SHOW], 2));
    expect(assign).toHaveBeenCalledWith('https://example.com/dialog');
  });

  it('does nothing more when the search found nothing, and an arrowed option still wins', async () => {
    const { controller, calls, enter } = setup();
    await act(() => searchAndAnswer(controller, calls, 'zzz', answer([], 0)));
    enter();
    expect(assign).not.toHaveBeenCalled();
    await act(() => searchAndAnswer(controller, calls, 'dialog', answer([DIALOG, SHOW], 2)));
    act(() => {
      fireEvent.keyDown(screen.getByRole('combobox'), { key: 'ArrowDown' });
      fireEvent.keyDown(screen.getByRole('combobox'), { key: 'ArrowDown' });
    });
    enter();
    expect(assign).toHaveBeenCalledWith('https://example.com/showModal');
  });
});
