// The search box's recent searches: shown while the field is empty, in the combobox's listbox.
import { act, cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SuggestResponse } from '../client/types.ts';
import { createRecentSearches } from '../core/createRecentSearches.ts';
import { createSuggestions } from '../core/createSuggestions.ts';
import { Results } from './Results.tsx';
import { SearchBox } from './SearchBox.tsx';
import { advance, answer, fakeController, hit, renderWidget, searchAndAnswer } from './testing.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
});

const KEY = 'test:recent';

function setup(stored: string[] = []) {
  localStorage.setItem(KEY, JSON.stringify(stored));
  const { controller, calls } = fakeController();
  const client = {
    suggest: vi.fn(async ({ term }: { term: string }): Promise<SuggestResponse> => ({ suggestions: [{ value: `${term} layout` }] })),
    autocomplete: vi.fn(),
  };
  const suggestions = createSuggestions({ client, id: 't', recent: createRecentSearches({ key: KEY }) });
  renderWidget(
    controller,
    <>
      <SearchBox />
      <Results />
    </>,
    { suggestions },
  );
  const input = screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement;
  return { controller, calls, input, client, stored: () => JSON.parse(localStorage.getItem(KEY) ?? 'null') as unknown };
}
const key = (input: HTMLElement, k: string) =>
  act(() => {
    fireEvent.keyDown(input, { key: k });
  });
const type = async (input: HTMLInputElement, value: string) => {
  input.value = value;
  act(() => {
    fireEvent.input(input);
  });
  await advance(250);
};

describe('SearchBox recent searches', () => {
  it('shows them under their heading when the empty field gets the focus; the arrows reach them', () => {
    const { input } = setup(['flexbox', 'grid']);
    act(() => input.focus());
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Recent searches' });
    expect(screen.getByText('Recent searches').tagName).toBe('P');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-label'))).toEqual(['flexbox', 'grid']);
    expect(list.contains(options[0]!)).toBe(true);
    // The hint for screen readers, outside the listbox.
    expect(document.getElementById(options[0]!.getAttribute('aria-describedby')!)?.textContent).toBe('Press Delete to remove it from recent searches.');
    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
  });

  it('Enter on one searches it and puts it first', () => {
    const { input, calls, stored } = setup(['flexbox', 'grid']);
    act(() => input.focus());
    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    key(input, 'Enter');
    expect(input.value).toBe('grid');
    expect(calls.at(-1)?.params.term).toBe('grid');
    expect(stored()).toEqual(['grid', 'flexbox']);
  });

  it('keeps submitted searches, not each key typed; the same term in another case once', async () => {
    const { input, stored } = setup(['Flexbox']);
    act(() => input.focus());
    await type(input, 'f');
    await type(input, 'fle');
    await type(input, 'flexbox');
    expect(stored()).toEqual(['Flexbox']);
    act(() => {
      fireEvent.submit(input.form!);
    });
    expect(stored()).toEqual(['flexbox']);
    await type(input, 'grid');
    act(() => {
      fireEvent.submit(input.form!);
    });
    expect(stored()).toEqual(['grid', 'flexbox']);
  });

  it('keeps the search whose result the visitor opens', async () => {
    const { input, controller, calls, stored } = setup();
    act(() => input.focus());
    await type(input, 'subgrid');
    await act(() => searchAndAnswer(controller, calls, 'subgrid', answer([hit()])));
    expect(stored()).toEqual([]);
    const link = screen.getByRole('link');
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(stored()).toEqual(['subgrid']);
  });

  it('keeps it for a middle click on a result link, not for a right click or a click beside the link', async () => {
    const { input, controller, calls, stored } = setup();
    act(() => input.focus());
    await type(input, 'subgrid');
    await act(() => searchAndAnswer(controller, calls, 'subgrid', answer([hit()])));
    fireEvent.click(document.querySelector('.ss-hit-snippet')!);
    fireEvent(screen.getByRole('link'), new MouseEvent('auxclick', { bubbles: true, button: 2 }));
    expect(stored()).toEqual([]);
    fireEvent(screen.getByRole('link'), new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(stored()).toEqual(['subgrid']);
  });

  it('suggestions replace them while typing; they come back when the field is emptied', async () => {
    const { input } = setup(['flexbox']);
    act(() => input.focus());
    await type(input, 'gr');
    expect(screen.getByRole('listbox', { name: 'Suggestions' })).toBeTruthy();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['gr layout']);
    expect(screen.queryByText('Recent searches')).toBeNull();
    await type(input, '');
    expect(screen.getByRole('listbox', { name: 'Recent searches' })).toBeTruthy();
  });

  it('Delete removes the active one; the focus stays in the field and the next becomes active', () => {
    const { input, stored } = setup(['flexbox', 'grid', 'gap']);
    act(() => input.focus());
    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    const del = fireEvent.keyDown(input, { key: 'Delete' });
    act(() => {});
    expect(del).toBe(false);
    expect(stored()).toEqual(['flexbox', 'gap']);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-label'))).toEqual(['flexbox', 'gap']);
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(document.activeElement).toBe(input);
    key(input, 'Delete');
    key(input, 'Delete');
    expect(stored()).toEqual([]);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(input);
  });

  it('its remove button removes it without searching it and keeps the focus in the field', () => {
    const { input, calls, stored } = setup(['flexbox', 'grid']);
    act(() => input.focus());
    const remove = screen.getByRole('button', { name: 'Remove “flexbox” from recent searches' });
    expect(fireEvent.mouseDown(remove)).toBe(false);
    act(() => {
      fireEvent.click(remove);
    });
    expect(stored()).toEqual(['grid']);
    expect(calls).toHaveLength(0);
    expect(document.activeElement).toBe(input);
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual(['grid']);
  });

  it('shows no list on focus while none is kept, nor while the field holds a term', async () => {
    const { input } = setup();
    act(() => input.focus());
    expect(input.getAttribute('aria-expanded')).toBe('false');
    cleanup();
    const again = setup(['flexbox']);
    again.input.value = 'grid';
    act(() => again.input.focus());
    expect(again.input.getAttribute('aria-expanded')).toBe('false');
  });
});
