// A query rule's redirect in the overlay: the first option, "Go to …", opened by Enter or a click.
import { act, cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRecentSearches } from '../core/createRecentSearches.ts';
import { createSuggestions } from '../core/createSuggestions.ts';
import { de } from './messagesDe.ts';
import { SearchOverlay } from './SearchOverlay.tsx';
import { answer, answerLatest, dialogMethods, fakeController, hit, renderWidget, searchAndAnswer } from './testing.tsx';

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  dialogMethods();
  assign = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const ACCOUNT = 'https://example.com/account';
const GO = 'Go to \u2066example.com/account\u2069';
const redirected = (hits = [hit()]) => ({ ...answer(hits, hits.length), redirect: ACCOUNT });

function setup(context = {}) {
  const { controller, calls } = fakeController();
  renderWidget(controller, <SearchOverlay />, context);
  act(() => {
    fireEvent.click(document.querySelector('.ss-opener')!);
  });
  // After the overlay opened: the page's own location until then.
  vi.stubGlobal('location', { href: 'https://example.com/', assign });
  const input = screen.getByRole('combobox');
  const key = (k: string) =>
    act(() => {
      fireEvent.keyDown(input, { key: k });
    });
  const options = () => screen.queryAllByRole('option').map((o) => o.getAttribute('aria-label') ?? o.textContent);
  return { controller, calls, input, key, options };
}

describe('a rule’s redirect in the overlay', () => {
  it('is the first option, before the results; ↓ reaches it and Enter goes there', async () => {
    const { controller, calls, input, key, options } = setup();
    await act(() => searchAndAnswer(controller, calls, 'account', redirected([hit(), hit({ id: 'doc-2', title: 'gap' })])));
    expect(options()).toEqual([GO, 'grid - CSS', 'gap']);
    key('ArrowDown');
    const [first] = screen.getAllByRole('option');
    expect(input.getAttribute('aria-activedescendant')).toBe(first!.id);
    expect(first!.getAttribute('aria-selected')).toBe('true');
    key('Enter');
    expect(assign).toHaveBeenCalledWith(ACCOUNT);
  });

  it('goes there on a click', async () => {
    const { controller, calls } = setup();
    await act(() => searchAndAnswer(controller, calls, 'account', redirected()));
    act(() => {
      fireEvent.click(screen.getByRole('option', { name: GO }));
    });
    expect(assign).toHaveBeenCalledWith(ACCOUNT);
  });

  it('keeps the search that led there, as every option the overlay follows does, whether clicked or chosen with Enter', async () => {
    let stored = '[]';
    const recent = createRecentSearches({ key: 'k', storage: () => ({ getItem: () => stored, setItem: (_, v) => void (stored = v) }) });
    const suggestions = createSuggestions({ client: { suggest: vi.fn(), autocomplete: vi.fn() }, id: 'o', recent });
    const { controller, calls, key } = setup({ suggestions });
    await act(() => searchAndAnswer(controller, calls, 'account', redirected()));
    act(() => {
      fireEvent.click(screen.getByRole('option', { name: GO }));
    });
    expect(assign).toHaveBeenCalledWith(ACCOUNT);
    expect(recent.list()).toEqual(['account']);
    await act(() => searchAndAnswer(controller, calls, 'login', redirected()));
    key('ArrowDown');
    key('Enter');
    expect(assign).toHaveBeenCalledTimes(2);
    expect(recent.list()).toEqual(['login', 'account']);
  });

  it('is offered when the search finds nothing else', async () => {
    const { controller, calls, options } = setup();
    await act(() => searchAndAnswer(controller, calls, 'account', redirected([])));
    expect(screen.getByRole('listbox', { name: 'Search results' }).hidden).toBe(false);
    expect(options()).toEqual([GO]);
  });

  it('is not offered for an older term’s answer, nor for an address that is not http(s)', async () => {
    const { controller, calls, options } = setup();
    act(() => controller.setTerm('account'));
    act(() => controller.submit());
    // Typed on before the answer came: the answer is for a term no longer in the field.
    act(() => controller.setTerm('accounts'));
    await answerLatest(calls.slice(0, 1), redirected());
    expect(options()).not.toContain(GO);
    await act(() => searchAndAnswer(controller, calls, 'evil', { ...answer([hit()]), redirect: 'javascript:alert(1)' }));
    expect(options()).toEqual(['grid - CSS']);
  });

  it('says it in the widget’s language', async () => {
    const { controller, calls, options } = setup({ m: de });
    await act(() => searchAndAnswer(controller, calls, 'account', redirected()));
    expect(options()[0]).toBe('Gehe zu \u2066example.com/account\u2069');
  });
});
