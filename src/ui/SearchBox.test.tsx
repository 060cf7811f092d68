import { act, cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from './SearchBox.tsx';
import { advance, fakeController, renderWith } from './testing.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup() {
  const { controller, calls } = fakeController();
  renderWith(controller, <SearchBox />);
  const input = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
  return { controller, calls, input };
}

// jsdom lacks these two; dispatched by hand like a browser does (fireEvent's
// composition helpers do not reach listeners under jsdom).
function compose(input: HTMLInputElement, type: 'compositionstart' | 'compositionend') {
  fireEvent(input, new CompositionEvent(type, { bubbles: true }));
}

function type(input: HTMLInputElement, value: string) {
  input.value = value;
  fireEvent.input(input);
}

describe('SearchBox', () => {
  it('is a search landmark with a labelled search field and the right hints', () => {
    // jsdom has no \`spellcheck\` property; reflect it as browsers do, so Preact sets it.
    Object.defineProperty(HTMLElement.prototype, 'spellcheck', {
      configurable: true,
      get(this: HTMLElement) {
        return this.getAttribute('spellcheck') !== 'false';
      },
      set(this: HTMLElement, value: boolean) {
        this.setAttribute('spellcheck', String(value));
      },
    });
    const { input } = setup();
    delete (HTMLElement.prototype as { spellcheck?: boolean }).spellcheck;
    expect(screen.getByRole('search')).toBeTruthy();
    expect(input.type).toBe('search');
    expect(input.placeholder).toBe('Search');
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(input.getAttribute('spellcheck')).toBe('false');
    expect(input.getAttribute('enterkeyhint')).toBe('search');
    expect(screen.getByRole('button', { name: 'Search' }).getAttribute('type')).toBe('submit');
  });

  it('takes a custom placeholder', () => {
    const { controller } = fakeController();
    renderWith(controller, <SearchBox placeholder="Search MDN" />);
    expect(screen.getByPlaceholderText('Search MDN')).toBeTruthy();
  });

  it('searches as you type: the first key at once, then the newest term in the next free slot', async () => {
    const { controller, calls, input } = setup();
    for (const value of ['g', 'gr', 'gri', 'grid']) {
      type(input, value);
      await advance(40);
    }
    expect(controller.term.value).toBe('grid');
    expect(calls.map((c) => c.params.term)).toEqual(['g']);
    await advance(40);
    expect(calls.map((c) => c.params.term)).toEqual(['g', 'grid']);
    await advance(1000);
    expect(calls).toHaveLength(2);
  });

  it('shows the clear button only when there is text; it clears and refocuses', async () => {
    const { controller, input } = setup();
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
    act(() => type(input, 'grid'));
    const clear = screen.getByRole('button', { name: 'Clear search' });
    fireEvent.click(clear);
    expect(controller.term.value).toBe('');
    expect(input.value).toBe('');
    expect(document.activeElement).toBe(input);
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });

  it('Escape clears the field and the term', () => {
    const { controller, input } = setup();
    act(() => type(input, 'grid'));
    const event = fireEvent.keyDown(input, { key: 'Escape' });
    expect(event).toBe(false); // default prevented
    expect(controller.term.value).toBe('');
    expect(input.value).toBe('');
  });

  it('Enter submits at once, without a page load', () => {
    const { calls, input } = setup();
    act(() => type(input, 'grid'));
    const form = screen.getByRole('search') as HTMLFormElement;
    const notCancelled = fireEvent.submit(form);
    expect(notCancelled).toBe(false);
    expect(calls.map((c) => c.params.term)).toEqual(['grid']);
  });

  it('does not search during IME composition, and searches when it ends', async () => {
    const { controller, calls, input } = setup();
    compose(input, 'compositionstart');
    type(input, 'k');
    type(input, 'ka');
    type(input, 'かん');
    await advance(1000);
    expect(calls).toHaveLength(0);
    expect(controller.term.value).toBe('');
    // Enter confirming a conversion must not submit the form.
    const enter = fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    expect(enter).toBe(false);
    input.value = '漢字';
    act(() => compose(input, 'compositionend'));
    expect(controller.term.value).toBe('漢字');
    await advance(200);
    expect(calls.map((c) => c.params.term)).toEqual(['漢字']);
  });

  it('leaves an IME composition alone that begins right after a keystroke', async () => {
    const { controller, input } = setup();
    // Dispatched as the browser does, outside act(), which would run pending effects at once.
    input.value = 'a';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(controller.term.value).toBe('a');
    compose(input, 'compositionstart');
    input.value = 'aか';
    // The next frames (jsdom has no requestAnimationFrame; the timers stand in for it).
    await advance(100);
    expect(input.value).toBe('aか');
  });

  it('shows a term set from outside (mount().search) in the field', () => {
    const { controller, input } = setup();
    act(() => controller.setTerm('flexbox'));
    expect(input.value).toBe('flexbox');
  });
});
