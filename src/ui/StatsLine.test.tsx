import { act, cleanup, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatsLine } from './StatsLine.tsx';
import { advance, answer, answerLatest, fakeController, hit, renderWith, searchAndAnswer } from './testing.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** What is shown: the text outside the live region, which is for screen readers alone. */
const shown = (root: Element) => [...root.querySelectorAll('.ss-stats > [aria-hidden]')].map((span) => span.textContent).join('');

describe('StatsLine', () => {
  it('keeps its words in their own order in a right-to-left page', async () => {
    const { controller, calls } = fakeController();
    const { container } = renderWith(controller, <StatsLine />);
    await act(() => searchAndAnswer(controller, calls, 'css', answer([hit()], 89, 7)));
    expect(container.querySelector('.ss-stats > bdi')?.textContent).toBe('89 results (7 ms)');
  });

  it('is an empty polite live region from the start', () => {
    const { controller } = fakeController();
    renderWith(controller, <StatsLine />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
  });

  it('shows the count with thousands separators and the processing time, and announces only the count', async () => {
    const { controller, calls } = fakeController();
    const { container } = renderWith(controller, <StatsLine />);
    await act(() => searchAndAnswer(controller, calls, 'css', answer([hit()], 1234, 12)));
    expect(shown(container)).toBe('1,234 results (12 ms)');
    await advance(1000);
    expect(screen.getByRole('status').textContent).toBe('1,234 results');
  });

  it('says how many of the results are listed once more were appended', async () => {
    const { controller, calls } = fakeController();
    const { container } = renderWith(controller, <StatsLine />);
    const page = (from: number) => Array.from({ length: 20 }, (_, i) => hit({ id: `doc-${from + i}` }));
    await act(() => searchAndAnswer(controller, calls, 'css', answer(page(0), 56, 5)));
    await advance(1000);
    expect(screen.getByRole('status').textContent).toBe('56 results');
    act(() => controller.loadMore());
    await answerLatest(calls, { ...answer(page(20), 56, 6), page: 2 });
    // Not typed: said at once.
    expect(screen.getByRole('status').textContent).toBe('Showing 40 of 56 results');
    expect(shown(container)).toBe('Showing 40 of 56 results (6 ms)');
  });

  it('says "1 result" in the singular', async () => {
    const { controller, calls } = fakeController();
    renderWith(controller, <StatsLine />);
    await act(() => searchAndAnswer(controller, calls, 'css', answer([hit()], 1, 3)));
    await advance(1000);
    expect(screen.getByRole('status').textContent).toBe('1 result');
  });

  it('keeps the count of the results on screen while a newer search runs, even a slow one, and empties when the term is cleared', async () => {
    const { controller, calls } = fakeController();
    renderWith(controller, <StatsLine />);
    await act(() => searchAndAnswer(controller, calls, 'css', answer([], 0, 2)));
    await advance(1000);
    expect(screen.getByRole('status').textContent).toBe('0 results');
    act(() => {
      controller.setTerm('grid');
      controller.submit();
    });
    // Unchanged while the newer answer is on its way, so nothing is announced in between.
    expect(screen.getByRole('status').textContent).toBe('0 results');
    await advance(300);
    expect(screen.getByRole('status').textContent).toBe('0 results');
    await answerLatest(calls, answer([hit()], 7, 3));
    await advance(1000);
    expect(screen.getByRole('status').textContent).toBe('7 results');
    act(() => controller.clear());
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says "Searching…" once stalled with no results on screen yet', async () => {
    const { controller } = fakeController();
    renderWith(controller, <StatsLine />);
    act(() => {
      controller.setTerm('grid');
      controller.submit();
    });
    expect(screen.getByRole('status').textContent).toBe('');
    await advance(300);
    expect(shown(document.body)).toBe('Searching…');
    await advance(700);
    expect(screen.getByRole('status').textContent).toBe('Searching…');
  });

  it('says the count once, when the typing has paused for a second, not after every key', async () => {
    const { controller, calls } = fakeController();
    renderWith(controller, <StatsLine />);
    const status = screen.getByRole('status');
    const heard: string[] = [];
    new MutationObserver(() => heard.push(status.textContent ?? '')).observe(status, { childList: true, subtree: true, characterData: true });
    // `promise all` at 130 ms a key, each answer in before the next key.
    for (const [i, typed] of ['p', 'pr', 'pro', 'prom', 'promi'].entries()) {
      act(() => controller.setTerm(typed));
      await advance(200);
      await answerLatest(calls, answer([hit()], 50 - i, 3));
      await advance(0);
    }
    expect(shown(document.body)).toBe('46 results (3 ms)');
    expect(status.textContent).toBe('');
    await advance(1000);
    expect(status.textContent).toBe('46 results');
    expect(heard.filter(Boolean)).toEqual(['46 results']);
  });
});
