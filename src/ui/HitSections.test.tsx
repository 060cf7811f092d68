// A hit's sections (SearchHit.sections): links under the card on the results page, options
// of their own after their page's in the overlay's listbox, and a click on one counted by
// the tracker as a click on its page, at the page's position.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tracker } from '../tracker/createTracker.ts';
import { Results } from './Results.tsx';
import { SearchOverlay } from './SearchOverlay.tsx';
import { answer, dialogMethods, fakeController, hit, renderWidget, searchAndAnswer } from './testing.tsx';
import { trackSearch } from './trackSearch.ts';

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

const PAGE = 'https://docs.example.com/grid.html';
const GRID = hit({
  id: 'grid',
  url: PAGE,
  title: 'Grid guide',
  sections: [
    { title: 'Grid gap', url: `${PAGE}#gap`, highlight: 'The <em>gap</em> between <b>tracks</b>' },
    { title: 'Hostile', url: 'javascript:alert(1)//#x', highlight: '<em>gap</em>' },
    { title: 'Grid areas', url: `${PAGE}#areas`, highlight: 'Named areas, no mark' },
  ],
});
const FLEX = hit({ id: 'flex', url: 'https://docs.example.com/flex.html', title: 'Flex guide' });

function fakeTracker() {
  const clicks: Array<[string, string, number]> = [];
  const tracker = {
    click: (keyword: string, docid: string, position: number) => clicks.push([keyword, docid, position]),
    shown() {},
    cancel() {},
    settle() {},
  };
  return { tracker: tracker as unknown as Tracker, clicks };
}

describe('sections on the results page', () => {
  async function setup() {
    const { controller, calls } = fakeController();
    const view = renderWidget(controller, <Results />);
    const { tracker, clicks } = fakeTracker();
    trackSearch(controller, view.container, tracker);
    await act(() => searchAndAnswer(controller, calls, 'gap', answer([FLEX, GRID])));
    return { view, clicks };
  }

  it('shows a link each under the hit, after its title in the tab order, in a list named by the page', async () => {
    const { view } = await setup();
    const list = screen.getByRole('list', { name: 'Grid guide' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Grid gap', `${PAGE}#gap`],
      ['Grid areas', `${PAGE}#areas`],
    ]);
    // Tab order is document order: each page's link, then its sections', then the next page's.
    expect([...view.container.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Flex guide', 'Grid guide', 'Grid gap', 'Grid areas']);
    // The hit without sections has no list.
    expect(screen.getAllByRole('list', { name: /guide/ })).toHaveLength(1);
  });

  it('marks a section’s passage with the hit’s parser: its markup stays text', async () => {
    await setup();
    const passage = screen.getByRole('link', { name: 'Grid gap' }).nextElementSibling!;
    expect(passage.querySelector('mark')?.textContent).toBe('gap');
    expect(passage.textContent).toBe('The gap between <b>tracks</b>');
    expect(passage.querySelector('b')).toBeNull();
  });

  it('reports a click on a section as a click on its page, at the page’s position', async () => {
    const { clicks } = await setup();
    fireEvent.click(screen.getByRole('link', { name: 'Grid areas' }));
    fireEvent.click(screen.getByRole('link', { name: 'Flex guide' }));
    expect(clicks).toEqual([
      ['gap', 'grid', 2],
      ['gap', 'flex', 1],
    ]);
  });
});

describe('sections in the overlay’s listbox', () => {
  async function setup() {
    const { controller, calls } = fakeController();
    const view = renderWidget(controller, <SearchOverlay />);
    const { tracker, clicks } = fakeTracker();
    trackSearch(controller, view.container, tracker);
    act(() => {
      fireEvent.click(document.querySelector('.ss-opener')!);
    });
    vi.stubGlobal('location', { href: 'https://docs.example.com/', assign });
    await act(() => searchAndAnswer(controller, calls, 'gap', answer([GRID, FLEX], 3)));
    const input = screen.getByRole('combobox');
    const key = (name: string) =>
      act(() => {
        fireEvent.keyDown(input, { key: name });
      });
    return { input, key, clicks };
  }

  it('lists each section as an option of its own after its page’s, named with the page', async () => {
    await setup();
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-label') ?? o.textContent)).toEqual([
      'Grid guide',
      'Grid gap – Grid guide',
      'Grid areas – Grid guide',
      'Flex guide',
      'Show more results',
    ]);
    // A section's passage shows only where it holds a word typed, as a hit's does.
    expect(options[1]!.querySelector('mark')?.textContent).toBe('gap');
    expect(options[2]!.querySelector('.ss-section-text')).toBeNull();
    // Nothing focusable inside an option.
    expect(screen.getByRole('listbox').querySelector('a, button, [tabindex]')).toBeNull();
  });

  it('reaches the sections with ↓ in the list’s order, and Enter opens the section, counted as its page at its position', async () => {
    const { input, key, clicks } = await setup();
    key('ArrowDown');
    key('ArrowDown');
    const active = document.getElementById(input.getAttribute('aria-activedescendant')!)!;
    expect(active.getAttribute('aria-label')).toBe('Grid gap – Grid guide');
    expect(active.getAttribute('aria-selected')).toBe('true');
    key('ArrowDown');
    key('ArrowDown');
    expect(document.getElementById(input.getAttribute('aria-activedescendant')!)!.getAttribute('aria-label')).toBe('Flex guide');
    key('ArrowUp');
    key('Enter');
    expect(assign).toHaveBeenCalledWith(`${PAGE}#areas`);
    expect(clicks).toEqual([['gap', 'grid', 1]]);
    key('ArrowDown');
    key('Enter');
    expect(clicks.at(-1)).toEqual(['gap', 'flex', 2]);
  });
});
