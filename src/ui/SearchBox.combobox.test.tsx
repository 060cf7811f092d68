// The search box with suggestions: the ARIA 1.2 combobox pattern, key by key.
import { act, cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SuggestResponse } from '../client/types.ts';
import { createSuggestions } from '../core/createSuggestions.ts';
import { SearchBox } from './SearchBox.tsx';
import { advance, answer, fakeController, hit, renderWidget } from './testing.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function setup() {
  const { controller, calls } = fakeController();
  const client = {
    suggest: vi.fn(async ({ term }: { term: string }): Promise<SuggestResponse> => ({
      suggestions: [{ value: `${term} layout` }, { value: `css ${term}` }, { value: `${term}-gap` }],
    })),
    autocomplete: vi.fn(),
  };
  const suggestions = createSuggestions({ client, id: 't' });
  renderWidget(controller, <SearchBox />, { suggestions });
  const input = screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement;
  input.focus();
  input.value = 'grid';
  act(() => {
    fireEvent.input(input);
  });
  await advance(100);
  return { controller, calls, input, suggestions };
}
const key = (input: HTMLElement, k: string) =>
  act(() => {
    fireEvent.keyDown(input, { key: k });
  });

describe('SearchBox as a combobox', () => {
  it('is collapsed with a listbox to control before anything is typed', () => {
    const { controller } = fakeController();
    const suggestions = createSuggestions({ client: { suggest: vi.fn(), autocomplete: vi.fn() }, id: 'x' });
    renderWidget(controller, <SearchBox />, { suggestions });
    const input = screen.getByRole('combobox');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(document.getElementById(input.getAttribute('aria-controls') ?? '')?.getAttribute('role')).toBe('listbox');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('says how many suggestions there are as the list opens, and not again while it stays open', async () => {
    const { input } = await setup();
    const region = document.querySelector('[aria-live="polite"].ss-suggest-count')!;
    expect(region.closest('[hidden]')).toBeNull();
    expect(region.textContent).toBe('3 suggestions');
    input.value = 'grid l';
    act(() => {
      fireEvent.input(input);
    });
    await advance(300);
    expect(region.textContent).toBe('3 suggestions');
    key(input, 'Escape');
    expect(region.textContent).toBe('');
  });

  it('opens with the suggestions, the typed part marked, without an active option', async () => {
    const { input } = await setup();
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['grid layout', 'css grid', 'grid-gap']);
    expect(options[1]?.querySelector('mark')?.textContent).toBe('grid');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    expect(screen.getByRole('listbox', { name: 'Suggestions' })).toBeTruthy();
  });

  it('Down, Up, End and Home move the active option; Enter searches it', async () => {
    const { input, calls, controller } = await setup();
    key(input, 'ArrowDown');
    const options = screen.getAllByRole('option');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    key(input, 'End');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]?.id);
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    key(input, 'ArrowUp');
    key(input, 'Home');
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    key(input, 'Enter');
    expect(controller.term.value).toBe('css grid');
    expect(input.value).toBe('css grid');
    expect(calls.at(-1)?.params.term).toBe('css grid');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('Escape closes the list first and clears the field second', async () => {
    const { input, controller } = await setup();
    key(input, 'Escape');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('grid');
    key(input, 'Escape');
    expect(input.value).toBe('');
    expect(controller.term.value).toBe('');
  });

  it('Tab closes the list and keeps the term', async () => {
    const { input } = await setup();
    key(input, 'ArrowDown');
    key(input, 'Tab');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('grid');
  });

  it('a click (or tap) on an option searches it and keeps the focus in the field', async () => {
    const { input, calls } = await setup();
    const option = screen.getAllByRole('option')[2]!;
    expect(fireEvent.mouseDown(option)).toBe(false);
    act(() => {
      fireEvent.click(option);
    });
    expect(calls.at(-1)?.params.term).toBe('grid-gap');
    expect(document.activeElement).toBe(input);
  });

  it('focuses the field on / and Ctrl+K, but not while typing in another field', () => {
    const { controller } = fakeController();
    renderWidget(controller, <SearchBox shortcut />);
    const other = document.createElement('textarea');
    document.body.append(other);
    other.focus();
    fireEvent.keyDown(other, { key: '/' });
    expect(document.activeElement).toBe(other);
    other.blur();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
    other.remove();
  });
});

describe('SearchBox suggestions asked before the results came', () => {
  /** Types `value` into the field. */
  const type = (input: HTMLInputElement, value: string) =>
    act(() => {
      input.value = value;
      fireEvent.input(input);
    });

  /** `g` typed, its search and suggestions sent at once; `gr` typed 50 ms later, both requests waiting for the next slot. */
  async function typedTwice() {
    const { controller, calls } = fakeController();
    const client = {
      suggest: vi.fn(async ({ term }: { term: string }): Promise<SuggestResponse> => ({
        suggestions: [{ value: `${term} layout` }, { value: `css ${term}` }],
      })),
      autocomplete: vi.fn(),
    };
    const suggestions = createSuggestions({ client, id: 'y' });
    renderWidget(controller, <SearchBox />, { suggestions });
    const input = screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement;
    input.focus();
    type(input, 'g');
    await advance(50);
    type(input, 'gr');
    await advance(10);
    expect(client.suggest.mock.calls.map(([params]) => params.term)).toEqual(['g']);
    return { calls, client, input };
  }

  it('are not sent once results show: the list would cover them', async () => {
    const { calls, client } = await typedTwice();
    await act(async () => calls[0]!.resolve(answer([hit()])));
    await advance(400);
    expect(client.suggest.mock.calls.map(([params]) => params.term)).toEqual(['g']);
    // The search for the term in the field still goes.
    expect(calls.map((c) => c.params.term)).toEqual(['g', 'gr']);
  });

  it('are still sent when the visitor arrowed into the list', async () => {
    const { calls, client, input } = await typedTwice();
    key(input, 'ArrowDown');
    expect(input.hasAttribute('aria-activedescendant')).toBe(true);
    await act(async () => calls[0]!.resolve(answer([hit()])));
    await advance(400);
    expect(client.suggest.mock.calls.map(([params]) => params.term)).toEqual(['g', 'gr']);
  });

  it('stay open under the visitor who arrowed into them before the results came', async () => {
    const { calls, input } = await typedTwice();
    // ↓ onto `g`'s first suggestion; `gr`'s answer then lists other words, so no option stays active.
    key(input, 'ArrowDown');
    await advance(400);
    expect(screen.getByRole('option', { name: 'gr layout' })).toBeTruthy();
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    // The results for the term in the field land: the list the visitor is moving in stays.
    await act(async () => calls[0]!.resolve(answer([hit()])));
    await act(async () => calls[1]!.resolve(answer([hit()])));
    await advance(50);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe('y-opt-0');
  });
});
