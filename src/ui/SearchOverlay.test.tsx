import { act, cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRecentSearches } from '../core/createRecentSearches.ts';
import { createSuggestions } from '../core/createSuggestions.ts';
import { de } from './messagesDe.ts';
import { SearchOverlay } from './SearchOverlay.tsx';
import { answer, dialogMethods, fakeController, hit, renderWidget, searchAndAnswer } from './testing.tsx';

beforeEach(() => {
  dialogMethods();
});
afterEach(cleanup);

describe('SearchOverlay', () => {
  function setup() {
    const { controller, calls } = fakeController();
    renderWidget(controller, <SearchOverlay />);
    const opener = screen.getByRole('button', { name: 'Search' });
    return { controller, calls, opener };
  }

  it('opens a dialog with the focus in the search field, and closes back to the opener', () => {
    const { opener } = setup();
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog');
    opener.focus();
    act(() => {
      fireEvent.click(opener);
    });
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    expect(dialog.hasAttribute('open')).toBe(true);
    const input = screen.getByRole('combobox');
    expect(document.activeElement).toBe(input);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('opens on / from the page, but not while the user types elsewhere', () => {
    setup();
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.keyDown(field, { key: '/' });
    expect(document.querySelector('dialog[open]')).toBeNull();
    act(() => {
      fireEvent.keyDown(document.body, { key: '/' });
    });
    expect(document.querySelector('dialog[open]')).not.toBeNull();
    field.remove();
  });

  it('opens on Ctrl+K even from a text field, and shows that key on the opener', () => {
    const { opener } = setup();
    expect(opener.querySelector('kbd')?.textContent).toBe('Ctrl K');
    const field = document.createElement('input');
    document.body.append(field);
    act(() => {
      fireEvent.keyDown(field, { key: 'k', ctrlKey: true });
    });
    expect(document.querySelector('dialog[open]')).not.toBeNull();
    field.remove();
  });

  it('keeps the page from scrolling while open, and gives its scrolling back on close', () => {
    const { opener } = setup();
    const root = document.documentElement;
    expect(root.style.overflow).toBe('');
    act(() => {
      fireEvent.click(opener);
    });
    expect(root.style.overflow).toBe('hidden');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    expect(root.style.overflow).toBe('');
  });

  it('gives the page its scrolling back when removed while open', () => {
    const { opener } = setup();
    act(() => {
      fireEvent.click(opener);
    });
    expect(document.documentElement.style.overflow).toBe('hidden');
    cleanup();
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('one Escape closes it, whatever the field holds', () => {
    const { opener, controller } = setup();
    act(() => {
      fireEvent.click(opener);
    });
    act(() => controller.setTerm('grid'));
    act(() => {
      fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' });
    });
    expect(document.querySelector('dialog[open]')).toBeNull();
  });

  it('Ctrl+K closes it again, also from its own field', () => {
    const { opener } = setup();
    act(() => {
      fireEvent.click(opener);
    });
    act(() => {
      fireEvent.keyDown(screen.getByRole('combobox'), { key: 'k', ctrlKey: true });
    });
    expect(document.querySelector('dialog[open]')).toBeNull();
  });

  it('a quick / between the close and its (later) close event opens the dialog again', async () => {
    setup();
    // As in the browser: close() hides the dialog at once and fires `close` a task later.
    const close = vi.spyOn(HTMLDialogElement.prototype, 'close').mockImplementation(function (this: HTMLDialogElement) {
      this.removeAttribute('open');
      setTimeout(() => this.dispatchEvent(new Event('close')));
    });
    act(() => {
      fireEvent.keyDown(document.body, { key: '/' });
    });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    act(() => {
      fireEvent.keyDown(document.body, { key: '/' });
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(document.querySelector('dialog[open]')).not.toBeNull();
    expect(screen.getByRole('combobox')).toBeTruthy();
    close.mockRestore();
  });

  it('↓ and ↑ move the active result with the focus kept in the field; Enter opens it; the keys named in a footer', async () => {
    vi.useFakeTimers();
    const { opener, controller, calls } = setup();
    act(() => {
      fireEvent.click(opener);
    });
    await act(() => searchAndAnswer(controller, calls, 'grid', answer([hit(), hit({ id: 'doc-2', title: 'gap', url: 'https://example.com/gap' })], 2)));
    const input = screen.getByRole('combobox');
    const list = screen.getByRole('listbox', { name: 'Search results' });
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    const [first, second] = screen.getAllByRole('option');
    const foot = () => document.querySelector('.ss-dialog-foot')?.textContent;
    expect(foot()).toBe('↵ to search↑ ↓ to moveesc to close');
    const key = (k: string) =>
      act(() => {
        fireEvent.keyDown(input, { key: k });
      });
    key('ArrowDown');
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute('aria-activedescendant')).toBe(first!.id);
    expect(first!.getAttribute('aria-selected')).toBe('true');
    expect(foot()).toBe('↵ to open↑ ↓ to moveesc to close');
    key('ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(second!.id);
    // Past the last option, back to the field.
    key('ArrowDown');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    key('ArrowUp');
    // Stopped there: jsdom cannot follow the address.
    const clicked = vi.fn((event: Event) => event.stopPropagation());
    second!.querySelector('.ss-hit-link')!.addEventListener('click', clicked);
    key('Enter');
    expect(clicked).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(input);
    vi.useRealTimers();
  });

  it('ends with "See all N results", to the results page with the term', async () => {
    vi.useFakeTimers();
    const { controller, calls } = fakeController();
    renderWidget(controller, <SearchOverlay />, { config: { resultsUrl: '/search?x=1' } });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });
    await act(() => searchAndAnswer(controller, calls, 'promise all', answer([hit()], 31)));
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[1]!.textContent).toBe('See all 31 results');
    const assign = vi.fn();
    vi.stubGlobal('location', { href: location.href, assign });
    act(() => {
      fireEvent.click(options[1]!);
    });
    vi.unstubAllGlobals();
    expect(assign).toHaveBeenCalledWith(new URL('/search?x=1&q=promise+all', location.href).href);
    vi.useRealTimers();
  });

  it('before any typing, says so when there are no recent or popular searches, and offers popular ones', () => {
    const { controller } = fakeController();
    const suggestions = createSuggestions({ client: { suggest: vi.fn(), autocomplete: vi.fn() }, id: 'o', recent: createRecentSearches({ key: 'none' }) });
    renderWidget(controller, <SearchOverlay />, { suggestions });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });
    expect(screen.getByText('No recent searches')).toBeTruthy();
    expect(screen.getByRole('combobox').getAttribute('aria-expanded')).toBe('false');
    cleanup();
    renderWidget(controller, <SearchOverlay />, { suggestions, config: { popularSearches: ['grid', 'fetch'] } });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });
    const list = screen.getByRole('listbox', { name: 'Popular searches' });
    expect(list.textContent).toBe('gridfetch');
    act(() => {
      fireEvent.keyDown(screen.getByRole('combobox'), { key: 'ArrowDown' });
    });
    act(() => {
      fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    });
    expect(controller.term.value).toBe('grid');
  });

  it("opens on the recent searches, in the field's listbox", () => {
    localStorage.setItem('overlay:recent', JSON.stringify(['flexbox', 'grid']));
    const { controller } = fakeController();
    const recent = createRecentSearches({ key: 'overlay:recent' });
    const suggestions = createSuggestions({ client: { suggest: vi.fn(), autocomplete: vi.fn() }, id: 'o', recent });
    renderWidget(controller, <SearchOverlay />, { suggestions });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });
    const input = screen.getByRole('combobox');
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Recent searches' });
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual(['flexbox', 'grid']);
    localStorage.clear();
  });

  it('keeps the search whose result is opened by a click anywhere on its option, not by a right click', async () => {
    vi.useFakeTimers();
    const { controller, calls } = fakeController();
    const recent = createRecentSearches({ key: 'overlay:opened' });
    const suggestions = createSuggestions({ client: { suggest: vi.fn(), autocomplete: vi.fn() }, id: 'o', recent });
    renderWidget(controller, <SearchOverlay />, { suggestions });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });
    await act(() => searchAndAnswer(controller, calls, 'subgrid', answer([hit()])));
    const assign = vi.fn();
    vi.stubGlobal('location', { href: location.href, assign });
    const passage = screen.getByRole('option', { name: 'grid - CSS' }).querySelector('.ss-hit-snippet')!;
    fireEvent(passage, new MouseEvent('auxclick', { bubbles: true, button: 2 }));
    expect(recent.list()).toEqual([]);
    fireEvent.click(passage);
    expect(assign).toHaveBeenCalledWith('https://developer.mozilla.org/en-US/docs/Web/CSS/grid');
    expect(recent.list()).toEqual(['subgrid']);
    vi.unstubAllGlobals();
    localStorage.clear();
    vi.useRealTimers();
  });

  it('names a promoted result’s option “Promoted” before its title', async () => {
    vi.useFakeTimers();
    const { opener, controller, calls } = setup();
    act(() => {
      fireEvent.click(opener);
    });
    const promotion = hit({ id: 'promotion:help:1', title: 'Help centre', resultType: 'promotion' });
    await act(() => searchAndAnswer(controller, calls, 'help', answer([promotion, hit({ resultType: 'pinned' })], 2)));
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual(['Promoted Help centre', 'grid - CSS']);
    vi.useRealTimers();
  });

  it('shows “Strg K” on the opener in German', () => {
    const { controller } = fakeController();
    renderWidget(controller, <SearchOverlay />, { m: de });
    expect(document.querySelector('.ss-opener .ss-kbd')?.textContent).toBe('Strg K');
  });
});
