import { act, cleanup, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSuggestions } from '../core/createSuggestions.ts';
import { fakeController, renderWidget } from '../ui/testing.tsx';
import type { More } from './loadMore.ts';

const loadMore = vi.fn<() => Promise<More>>();
vi.mock('./loadMore.ts', () => ({ loadMore }));
const { SuggestionOptions } = await import('./lazySuggestionOptions.tsx');

const more = { SuggestionOptions: () => <p>the options</p> } as unknown as More;
const suggestions = () => createSuggestions({ client: { suggest: vi.fn(() => new Promise(() => {})), autocomplete: vi.fn() } as never, id: 'ss1' });

beforeEach(() => loadMore.mockReset());
afterEach(cleanup);

describe('the script tag’s SuggestionOptions', () => {
  it('loads nothing before the visitor types, then loads with the first key and shows the options', async () => {
    loadMore.mockResolvedValue(more);
    const { controller } = fakeController();
    const s = suggestions();
    const { container } = renderWidget(controller, <SuggestionOptions onPick={() => {}} />, { suggestions: s });
    expect(loadMore).not.toHaveBeenCalled();
    // Until then, the listbox the field's aria-controls names is there, empty and hidden.
    expect(container.querySelector('#ss1-list[role="listbox"][hidden]')).toBeTruthy();
    act(() => controller.setTerm('g'));
    expect(loadMore).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('the options')).toBeTruthy();
    s.dispose();
    controller.dispose();
  });
});
