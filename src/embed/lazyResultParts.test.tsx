import { act, cleanup, screen } from '@testing-library/preact';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeController, renderWith } from '../ui/testing.tsx';
import type { More } from './loadMore.ts';

const loadMore = vi.fn<() => Promise<More>>();
vi.mock('./loadMore.ts', () => ({ loadMore }));
const { FilterChips } = await import('./lazyResultParts.tsx');

afterEach(cleanup);

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
