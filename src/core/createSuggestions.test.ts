import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AutocompleteResponse, SuggestResponse } from '../client/types.ts';
import { createRecentSearches } from './createRecentSearches.ts';
import { createSuggestions } from './createSuggestions.ts';

function setup(fields: string[] = [], size?: number) {
  const suggest: Array<{ term: string; signal: AbortSignal | undefined; resolve(r: SuggestResponse): void }> = [];
  const client = {
    suggest: vi.fn(
      (params: { term: string; size?: number }, options?: { signal?: AbortSignal }) =>
        new Promise<SuggestResponse>((resolve) => suggest.push({ term: params.term, signal: options?.signal, resolve })),
    ),
    autocomplete: vi.fn((params: { term: string; source: string }) =>
      Promise.resolve<AutocompleteResponse>({ autocomplete: [{ value: `${params.term}-${params.source}` }, { value: 'Grid' }] }),
    ),
  };
  const s = createSuggestions({ client, id: 'ss1', fields, ...(size ? { size } : {}) });
  return { s, client, suggest };
}
const words = (...values: string[]) => ({ suggestions: values.map((value) => ({ value })) });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createSuggestions', () => {
  it('asks at once, then in the next free slot; opens with the answer; the combobox props follow', async () => {
    const { s, suggest } = setup();
    expect(s.input()).toMatchObject({ role: 'combobox', 'aria-expanded': 'false', 'aria-controls': 'ss1-list', 'aria-autocomplete': 'list' });
    s.update('g');
    expect(suggest.map((c) => c.term)).toEqual(['g']);
    s.update('gr');
    s.update('gri');
    await vi.advanceTimersByTimeAsync(199);
    expect(suggest.map((c) => c.term)).toEqual(['g']);
    await vi.advanceTimersByTimeAsync(1);
    // gr was replaced before its slot and never sent.
    expect(suggest.map((c) => c.term)).toEqual(['g', 'gri']);
    expect(suggest[0]?.signal?.aborted).toBe(true);
    suggest[1]?.resolve(words('grid', 'group'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.open.value).toBe(true);
    expect(s.input()['aria-expanded']).toBe('true');
    expect(s.input()['aria-activedescendant']).toBeUndefined();
    expect(s.list()).toEqual({ id: 'ss1-list', role: 'listbox' });
    expect(s.option(1)).toEqual({ id: 'ss1-opt-1', role: 'option', 'aria-selected': false });
  });

  it('moves with the arrows, Home and End, wraps, and picks with Enter', async () => {
    const { s, suggest } = setup();
    s.update('g');
    await vi.advanceTimersByTimeAsync(100);
    suggest[0]?.resolve(words('grid', 'group', 'gap'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.key('Home')).toBe(false); // caret key until the user arrows
    expect(s.key('ArrowDown')).toBe('handled');
    expect(s.active.value).toBe(0);
    expect(s.input()['aria-activedescendant']).toBe('ss1-opt-0');
    expect(s.option(0)['aria-selected']).toBe(true);
    s.key('End');
    expect(s.active.value).toBe(2);
    s.key('ArrowDown');
    expect(s.active.value).toBe(0);
    s.key('ArrowUp');
    expect(s.active.value).toBe(2);
    s.key('Home');
    expect(s.active.value).toBe(0);
    expect(s.key('Enter')).toEqual({ pick: { value: 'grid', source: 'suggest' } });
    expect(s.open.value).toBe(false);
    expect(s.input()['aria-activedescendant']).toBeUndefined();
  });

  it('Escape closes an open list and is not handled when closed; Tab closes', async () => {
    const { s, suggest } = setup();
    s.update('g');
    await vi.advanceTimersByTimeAsync(100);
    suggest[0]?.resolve(words('grid'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.key('Escape')).toBe('handled');
    expect(s.open.value).toBe(false);
    expect(s.key('Escape')).toBe(false);
    s.key('ArrowDown');
    expect(s.open.value).toBe(true);
    expect(s.key('Tab')).toBe(false);
    expect(s.open.value).toBe(false);
  });

  for (const everyMs of [50, 125]) {
    it(`a key every ${everyMs} ms asks each endpoint at most 5 times in any second, the last term last`, async () => {
      const { s, suggest, client } = setup(['area']);
      const terms = Array.from({ length: 24 }, (_, i) => 'abcdefghijklmnopqrstuvwx'.slice(0, i + 1));
      const times: number[] = [];
      client.suggest.mockImplementation((params: { term: string }) => {
        times.push(performance.now());
        return new Promise<SuggestResponse>((resolve) => suggest.push({ term: params.term, signal: undefined, resolve }));
      });
      for (const t of terms) {
        s.update(t);
        await vi.advanceTimersByTimeAsync(everyMs);
      }
      await vi.advanceTimersByTimeAsync(1000);
      for (let i = 5; i < times.length; i++) expect(times[i]! - times[i - 5]!).toBeGreaterThanOrEqual(1000);
      expect(client.autocomplete).toHaveBeenCalledTimes(times.length);
      expect(suggest.at(-1)?.term).toBe(terms.at(-1));
    });
  }

  it('↓ that asks for the list opens it on its first option, as ↓ on a list at hand does; a key typed since takes that back', async () => {
    const { s, suggest } = setup();
    s.update('gr', true);
    suggest[0]?.resolve(words('grid', 'group'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.open.value).toBe(true);
    expect(s.active.value).toBe(0);
    expect(s.input()['aria-activedescendant']).toBe('ss1-opt-0');
    // A request already on its way answers first: it opens the list on its first option too.
    s.close();
    await vi.advanceTimersByTimeAsync(1000);
    s.update('gri');
    s.update('gri', true);
    suggest[1]?.resolve(words('grid'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.active.value).toBe(0);
    // Typed after ↓: the answer opens the list as typing does, with no option active.
    s.close();
    await vi.advanceTimersByTimeAsync(1000);
    s.update('grid', true);
    s.update('grids');
    suggest[2]?.resolve(words('grids'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.open.value).toBe(true);
    expect(s.active.value).toBe(-1);
    // Nothing to show: the list stays closed and no option is active.
    s.close();
    await vi.advanceTimersByTimeAsync(1000);
    s.update('gx', true);
    suggest[3]?.resolve(words());
    await vi.advanceTimersByTimeAsync(0);
    expect(s.open.value).toBe(false);
    expect(s.active.value).toBe(-1);
    expect(suggest.map((c) => c.term)).toEqual(['gr', 'gri', 'grid', 'gx']);
  });

  it('a key leaves the request in flight to its answer: only the next request aborts it', async () => {
    const { s, suggest } = setup();
    s.update('g');
    await vi.advanceTimersByTimeAsync(100);
    s.update('gr');
    expect(suggest[0]?.signal?.aborted).toBe(false);
    suggest[0]?.resolve(words('grid'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.forTerm.value).toBe('g');
    await vi.advanceTimersByTimeAsync(100);
    expect(suggest.map((c) => c.term)).toEqual(['g', 'gr']);
  });

  it('aborts the older request and drops its late answer', async () => {
    const { s, suggest } = setup();
    s.update('g');
    await vi.advanceTimersByTimeAsync(100);
    s.update('gr');
    await vi.advanceTimersByTimeAsync(100);
    expect(suggest[0]?.signal?.aborted).toBe(true);
    suggest[1]?.resolve(words('grid'));
    suggest[0]?.resolve(words('gamma'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.items.value.map((i) => i.value)).toEqual(['grid']);
    expect(s.forTerm.value).toBe('gr');
  });

  it('adds field completions, each value once, and closes on an empty term', async () => {
    const { s, suggest, client } = setup(['area']);
    s.update('gr');
    await vi.advanceTimersByTimeAsync(100);
    expect(client.autocomplete).toHaveBeenCalledWith({ term: 'gr', source: 'custom_fields.area' }, expect.anything());
    suggest[0]?.resolve(words('grid'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.items.value).toEqual([
      { value: 'grid', source: 'suggest' },
      { value: 'gr-custom_fields.area', source: 'area' },
    ]);
    s.update('  ');
    expect(s.open.value).toBe(false);
  });
});

describe('the length of the list', () => {
  const many = (n: number) => words(...Array.from({ length: n }, (_, i) => `grid ${i}`));
  const shown = async (s: ReturnType<typeof setup>, answer: SuggestResponse) => {
    s.s.update('gr');
    await vi.advanceTimersByTimeAsync(100);
    s.suggest[0]?.resolve(answer);
    await vi.advanceTimersByTimeAsync(0);
    return s.s.items.value.map((i) => i.value);
  };

  it('is 8 rows at most by default, and asks for 8 suggestions', async () => {
    const s = setup();
    expect(await shown(s, many(12))).toEqual(many(8).suggestions.map((i) => i.value));
    expect(s.client.suggest).toHaveBeenCalledWith({ term: 'gr', size: 8 }, expect.anything());
  });

  it('shares the rows in turn, so that a full list of suggestions leaves room for the completions', async () => {
    const s = setup(['area']);
    expect(await shown(s, many(12))).toEqual([...many(6).suggestions.map((i) => i.value), 'gr-custom_fields.area', 'Grid']);
  });

  it('gives the rows a short source leaves to the others', async () => {
    expect(await shown(setup(['area']), many(3))).toEqual(['grid 0', 'grid 1', 'grid 2', 'gr-custom_fields.area', 'Grid']);
  });

  it('takes another length from the size option', async () => {
    const s = setup([], 3);
    expect(await shown(s, many(12))).toEqual(['grid 0', 'grid 1', 'grid 2']);
    expect(s.client.suggest).toHaveBeenCalledWith({ term: 'gr', size: 3 }, expect.anything());
    expect(await shown(setup([], 20), many(12))).toHaveLength(12);
  });
});

describe('createSuggestions with recent searches', () => {
  function withRecent(terms: string[]) {
    let stored = JSON.stringify(terms);
    const recent = createRecentSearches({ key: 'k', storage: () => ({ getItem: () => stored, setItem: (_, v) => void (stored = v) }) });
    const suggest = vi.fn(async () => ({ suggestions: [{ value: 'grid' }] }));
    const s = createSuggestions({ client: { suggest, autocomplete: vi.fn() }, id: 'r', recent });
    return { s, suggest, recent };
  }
  const values = (s: ReturnType<typeof createSuggestions>) => s.items.value.map((i) => [i.value, i.recent]);

  it('an empty term shows them, marked recent, with no request', () => {
    const { s, suggest } = withRecent(['flex', 'gap']);
    s.update('');
    expect(s.open.value).toBe(true);
    expect(values(s)).toEqual([
      ['flex', true],
      ['gap', true],
    ]);
    expect(s.forTerm.value).toBe('');
    expect(suggest).not.toHaveBeenCalled();
  });

  it('Delete removes the active one and keeps an option active; the last removal closes the list', () => {
    const { s, recent } = withRecent(['flex', 'gap']);
    s.showRecent();
    expect(s.key('Delete')).toBe(false); // none active: the caret's Delete
    s.key('ArrowDown');
    s.key('ArrowDown');
    expect(s.key('Delete')).toBe('handled');
    expect(recent.list()).toEqual(['flex']);
    expect(values(s)).toEqual([['flex', true]]);
    expect(s.active.value).toBe(0);
    s.key('Delete');
    expect(s.open.value).toBe(false);
    expect(s.active.value).toBe(-1);
  });

  it('keeps what is remembered; Delete leaves suggestions alone', async () => {
    const { s, recent } = withRecent([]);
    s.showRecent();
    expect(s.open.value).toBe(false);
    s.remember('grid');
    expect(recent.list()).toEqual(['grid']);
    s.update('gr');
    await vi.advanceTimersByTimeAsync(0);
    s.key('ArrowDown');
    expect(s.key('Delete')).toBe(false);
    expect(values(s)).toEqual([['grid', undefined]]);
  });

  it('without recent searches an empty term closes the list as before', () => {
    const { s } = setup();
    s.update('');
    s.showRecent();
    s.remember('grid');
    expect(s.open.value).toBe(false);
    expect(s.items.value).toEqual([]);
  });
});

describe('a rule’s redirect among the suggestions', () => {
  it('comes first, keeps the arrowed-to option, opens the list only when asked, and goes with the recent searches', async () => {
    const { s, suggest } = setup();
    s.update('login');
    suggest[0]?.resolve(words('login help', 'login page'));
    await vi.advanceTimersByTimeAsync(0);
    s.key('ArrowDown');
    s.key('ArrowDown');
    expect(s.items.value[s.active.value]?.value).toBe('login page');
    s.redirect('https://example.com/account');
    expect(s.items.value.map((i) => i.source)).toEqual(['redirect', 'suggest', 'suggest']);
    expect(s.items.value[s.active.value]?.value).toBe('login page');
    s.redirect(undefined);
    expect(s.items.value[s.active.value]?.value).toBe('login page');
    s.close();
    s.redirect('https://example.com/account');
    expect(s.open.value).toBe(false);
    s.redirect('https://example.com/account', true);
    expect(s.open.value).toBe(true);
    s.update('');
    expect(s.items.value.some((i) => i.source === 'redirect')).toBe(false);
  });

  it('a suggestions answer that comes after ↓ keeps the arrowed-to option where it is still listed', async () => {
    const { s, suggest } = setup();
    s.update('a');
    // The search's redirect is on screen before the suggestions for the whole word.
    s.redirect('https://example.com/account', true);
    s.update('account');
    s.key('ArrowDown');
    expect(s.items.value[s.active.value]?.source).toBe('redirect');
    suggest[0]?.resolve(words('about', 'account'));
    await vi.advanceTimersByTimeAsync(200);
    expect(s.items.value[s.active.value]?.source).toBe('redirect');
    s.key('ArrowDown');
    s.key('ArrowDown');
    expect(s.items.value[s.active.value]?.value).toBe('account');
    suggest[1]?.resolve(words('account', 'account settings'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.input()['aria-activedescendant']).toBe('ss1-opt-1');
    expect(s.items.value[s.active.value]?.value).toBe('account');
    // An option the new answer does not repeat is gone: back to the field.
    s.update('accounts');
    await vi.advanceTimersByTimeAsync(200);
    suggest[2]?.resolve(words('accounts payable'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.active.value).toBe(-1);
  });
});

describe('exclude', () => {
  it('leaves out the suggestions it names, and the next ones take their rows', async () => {
    const suggest = vi.fn(async () => words('Promise.all', 'Promise.any', 'promise all settled'));
    const s = createSuggestions({ client: { suggest, autocomplete: vi.fn() }, id: 'x', size: 2, exclude: (v) => v === 'Promise.all' });
    s.update('promise a');
    await vi.advanceTimersByTimeAsync(0);
    expect(s.items.value.map((i) => i.value)).toEqual(['Promise.any', 'promise all settled']);
  });
});
