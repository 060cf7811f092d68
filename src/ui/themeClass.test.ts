// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { themeClass } from './themeClass.ts';

const system = (dark: boolean) => vi.stubGlobal('matchMedia', (query: string) => ({ matches: dark && query === '(prefers-color-scheme: dark)' }));

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.documentElement.removeAttribute('style');
});

describe('themeClass', () => {
  it('forces light and dark', () => {
    system(true);
    expect(themeClass('light')).toBe('ss-light');
    expect(themeClass('dark')).toBe('ss-dark');
  });

  it('auto on a page without a dark look keeps light colours, whatever the system says now (the stylesheet follows it later)', () => {
    system(false);
    expect(themeClass()).toBe('ss-on-light');
    system(true);
    expect(themeClass('auto')).toBe('ss-on-light');
  });

  it('auto follows the system on a page that says it has a dark look, by meta tag or by CSS', () => {
    system(true);
    document.head.innerHTML = '<meta name="color-scheme" content="light dark">';
    expect(themeClass()).toBe('ss-auto');
    document.head.innerHTML = '';
    document.documentElement.style.colorScheme = 'dark';
    expect(themeClass()).toBe('ss-auto');
  });
});
