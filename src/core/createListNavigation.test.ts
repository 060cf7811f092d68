import { describe, expect, it } from 'vitest';
import { createListNavigation } from './createListNavigation.ts';

describe('createListNavigation', () => {
  it('↓ walks from the field through the options and back to the field; ↑ the other way', () => {
    const nav = createListNavigation('x');
    nav.setCount(3);
    const walk = (key: string, times: number) => Array.from({ length: times }, () => (nav.key(key), nav.active.value));
    expect(walk('ArrowDown', 4)).toEqual([0, 1, 2, -1]);
    expect(walk('ArrowUp', 2)).toEqual([2, 1]);
  });

  it('names the active option on the field only once the user has arrowed', () => {
    const nav = createListNavigation('x');
    nav.setCount(2);
    expect(nav.input()).toMatchObject({ role: 'combobox', 'aria-expanded': 'true', 'aria-controls': 'x-list' });
    expect(nav.input()['aria-activedescendant']).toBeUndefined();
    nav.key('ArrowDown');
    expect(nav.input()['aria-activedescendant']).toBe('x-opt-0');
    expect(nav.option(0)).toEqual({ id: 'x-opt-0', role: 'option', 'aria-selected': true });
    expect(nav.option(1)['aria-selected']).toBe(false);
  });

  it('keeps the active option when one goes (the last if it was the last), and ignores keys with nothing to move to', () => {
    const nav = createListNavigation('x');
    expect(nav.key('ArrowDown')).toBe(false);
    nav.setCount(3);
    nav.key('ArrowUp');
    expect(nav.active.value).toBe(2);
    nav.setCount(2);
    expect(nav.active.value).toBe(1);
    nav.reset();
    expect(nav.active.value).toBe(-1);
    nav.setCount(4);
    expect(nav.input()['aria-expanded']).toBe('true');
    expect(nav.key('Enter')).toBe(false);
    nav.setCount(0);
    expect(nav.input()['aria-expanded']).toBe('false');
  });
});
