// A query rule's redirect: offered first in the dropdown while typing, followed on Enter.
import { act, cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SuggestResponse } from '../client/types.ts';
import { createSuggestions } from '../core/createSuggestions.ts';
import { de } from './messagesDe.ts';
import { SearchBox } from './SearchBox.tsx';
import { advance, answer, answerLatest, fakeController, hit, renderWidget } from './testing.tsx';

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  assign = vi.fn();
  vi.stubGlobal('location', { href: 'https://example.com/', assign });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const redirected = { ...answer([hit()]), redirect: 'https://example.com/account' };

function setup(context = {}) {
  const { controller, calls } = fakeController();
  const client = {
    suggest: vi.fn(async ({ term }: { term: string }): Promise<SuggestResponse> => ({ suggestions: [{ value: `${term} help` }] })),
    autocomplete: vi.fn(),
  };
  const suggestions = createSuggestions({ client, id: 't' });
  renderWidget(controller, <SearchBox />, { suggestions, ...context });
  const input = screen.getByRole('combobox') as HTMLInputElement;
  input.focus();
  const type = async (value: string) => {
    input.value = value;
    act(() => {
      fireEvent.input(input);
    });
    await advance(0);
  };
  const enter = () =>
    act(() => {
      fireEvent.submit(input.form!);
    });
  return { controller, calls, input, type, enter };
}

const options = () => screen.queryAllByRole('option', { hidden: true }).map((o) => o.textContent);

describe('a rule’s redirect in the search box', () => {
  it('is offered as the first option while its term is typed, and gone for another term', async () => {
    const { calls, type } = setup();
    await type('login');
    expect(options()).toEqual(['login help']);
    await answerLatest(calls, redirected);
    expect(options()).toEqual(['Go to \u2066example.com/account\u2069', 'login help']);
    expect(screen.getByRole('combobox').getAttribute('aria-expanded')).toBe('true');
    await type('login x');
    expect(options()).toEqual(['login help']);
  });

  it('says it in the widget’s language', async () => {
    const { calls, type } = setup({ m: de });
    await type('login');
    await answerLatest(calls, redirected);
    expect(options()[0]).toBe('Gehe zu \u2066example.com/account\u2069');
  });

  it('goes there when the option is picked with the keyboard', async () => {
    const { calls, input, type } = setup();
    await type('login');
    await answerLatest(calls, redirected);
    act(() => {
      fireEvent.keyDown(input, { key: 'ArrowDown' });
    });
    act(() => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(assign).toHaveBeenCalledWith('https://example.com/account');
  });

  it('is followed on Enter when the answer for the term has one, at once or when it comes', async () => {
    const first = setup();
    await first.type('login');
    await answerLatest(first.calls, redirected);
    expect(assign).not.toHaveBeenCalled();
    first.enter();
    expect(assign).toHaveBeenCalledWith('https://example.com/account');
    cleanup();
    assign.mockClear();

    const second = setup();
    second.input.value = 'login';
    second.enter();
    expect(assign).not.toHaveBeenCalled();
    await answerLatest(second.calls, redirected);
    expect(assign).toHaveBeenCalledWith('https://example.com/account');
  });

  it('is not followed for an answer without one, nor to an address that is not http(s)', async () => {
    const { calls, type, enter } = setup();
    await type('grid');
    await answerLatest(calls, answer([hit()]));
    enter();
    await type('evil');
    await advance(300);
    await answerLatest(calls, { ...answer([hit()]), redirect: 'javascript:alert(1)' });
    // (No suggestions for `evil`: grid's results are on screen.)
    expect(options().some((o) => o?.startsWith('Go to'))).toBe(false);
    enter();
    expect(assign).not.toHaveBeenCalled();
  });
});
