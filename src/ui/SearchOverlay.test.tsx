import { act, cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRecentSearches } from '../core/createRecentSearches.ts';
import { createSuggestions } from '../core/createSuggestions.ts';
import { SearchOverlay } from './SearchOverlay.tsx';
import { answer, fakeController, hit, renderWidget, searchAndAnswer } from './testing.tsx';

// jsdom has <dialog> but not its modal methods; these do what the browser does for the test's purpose.
beforeEach(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
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
    const input = screen.getByRole('searchbox');
    expect(document.activeElement).toBe(input);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
    expect(screen.queryByRole('searchbox')).toBeNull();
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

  it('Escape in a filled field clears it without closing the dialog', () => {
    const { opener, controller } = setup();
    act(() => {
      fireEvent.click(opener);
    });
    act(() => controller.setTerm('grid'));
    const escape = fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Escape' });
    expect(escape).toBe(false);
    expect(controller.term.value).toBe('');
    expect(document.querySelector('dialog[open]')).not.toBeNull();
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
    expect(screen.getByRole('searchbox')).toBeTruthy();
    close.mockRestore();
  });

  it('moves with the arrows from the field through the results and back, and names the keys in a footer', async () => {
    vi.useFakeTimers();
    const { opener, controller, calls } = setup();
    act(() => {
      fireEvent.click(opener);
    });
    await act(() => searchAndAnswer(controller, calls, 'grid', answer([hit(), hit({ id: 'doc-2', title: 'gap' })], 2)));
    const input = screen.getByRole('searchbox');
    const [first, second] = screen.getAllByRole('link');
    act(() => {
      fireEvent.keyDown(input, { key: 'ArrowDown' });
    });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second!, { key: 'ArrowUp' });
    fireEvent.keyDown(first!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(input);
    expect(document.querySelector('.ss-dialog-foot')?.textContent).toBe('↵ to open↑ ↓ to moveesc to close');
    vi.useRealTimers();
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
});
