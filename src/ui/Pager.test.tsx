import { act, cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadMore } from './LoadMore.tsx';
import { Pager } from './Pager.tsx';
import { Results } from './Results.tsx';
import { answer, answerLatest, fakeController, hit, renderWidget, searchAndAnswer } from './testing.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Pager', () => {
  async function setup(total: number) {
    const { controller, calls } = fakeController();
    renderWidget(
      controller,
      <>
        <Results />
        <Pager />
      </>,
    );
    await act(() => searchAndAnswer(controller, calls, 'grid', answer([hit()], total)));
    return { controller, calls };
  }

  it('is absent for a single page', async () => {
    await setup(10);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('says where it stops when the results go on past page 100, and only then', async () => {
    await setup(5000);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByRole('button', { name: 'Page 100' })).toBeTruthy();
    expect(nav.querySelector('.ss-pager-note')?.textContent).toBe('Results stop at page 100. Add words or filters to see the rest.');
    cleanup();
    await setup(1000);
    expect(screen.getByRole('navigation', { name: 'Pages' }).querySelector('.ss-pager-note')).toBeNull();
  });

  it('marks the current page, disables Previous on page 1 and moves the focus to the list on change', async () => {
    const { calls, controller } = await setup(95);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect((within(nav).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(nav).getByRole('button', { name: 'Page 10' })).toBeTruthy();
    act(() => {
      fireEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    });
    expect(calls.at(-1)?.params.page).toBe(2);
    expect(controller.page.value).toBe(2);
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Search results' }));
    expect(within(nav).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Page 1' }).hasAttribute('aria-current')).toBe(false);
  });
});

describe('LoadMore', () => {
  it('appends the next page and goes away when everything is shown', async () => {
    const { controller, calls } = fakeController();
    renderWidget(
      controller,
      <>
        <Results />
        <LoadMore />
      </>,
    );
    await act(() => searchAndAnswer(controller, calls, 'grid', answer([hit()], 2)));
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Show more results' }));
    });
    expect(calls.at(-1)?.params.page).toBe(2);
    await answerLatest(calls, answer([hit({ id: 'doc-2', title: 'gap' })], 2));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show more results' })).toBeNull();
    // The button went away with the last page: the focus is on the first result it added, not lost.
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'gap' }));
  });
});
