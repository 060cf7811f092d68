import { act, cleanup, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatsLine } from './StatsLine.tsx';
import { advance, answer, fakeController, hit, renderWith, searchAndAnswer } from './testing.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('StatsLine', () => {
  it('is an empty polite live region from the start', () => {
    const { controller } = fakeController();
    renderWith(controller, <StatsLine />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
  });

  it('shows the count with thousands separators and the processing time', async () => {
    const { controller, calls } = fakeController();
    renderWith(controller, <StatsLine />);
    await act(() => searchAndAnswer(controller, calls, 'css', answer([hit()], 1234, 12)));
    expect(screen.getByRole('status').textContent).toBe('1,234 results (12 ms)');
  });

  it('says "1 result" in the singular', async () => {
    const { controller, calls } = fakeController();
    renderWith(controller, <StatsLine />);
    await act(() => searchAndAnswer(controller, calls, 'css', answer([hit()], 1, 3)));
    expect(screen.getByRole('status').textContent).toBe('1 result (3 ms)');
  });

  it('says "Searching…" once stalled and empties when the term is cleared', async () => {
    const { controller, calls } = fakeController();
    renderWith(controller, <StatsLine />);
    await act(() => searchAndAnswer(controller, calls, 'css', answer([], 0, 2)));
    expect(screen.getByRole('status').textContent).toBe('0 results (2 ms)');
    act(() => {
      controller.setTerm('grid');
      controller.submit();
    });
    // Unchanged while the answer may still come fast, so nothing is announced twice.
    expect(screen.getByRole('status').textContent).toBe('0 results (2 ms)');
    await advance(300);
    expect(screen.getByRole('status').textContent).toBe('Searching…');
    act(() => controller.clear());
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
