// From the field to the first result by Tab on the results page: the filter column folds all
// but its first groups under "More filters", and the date fields behind a disclosure.
import { cleanup, act } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { FacetPanel } from './FacetPanel.tsx';
import { answer, fakeController, hit, renderWidget, searchAndAnswer } from './testing.tsx';
import type { WidgetConfig } from './WidgetContext.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// The demo's results page.
const config: WidgetConfig = {
  categoryFacet: true,
  facets: ['area', 'status', 'kind', 'browsers'].map((field) => ({ field, label: field })),
  rangeFacets: [
    { field: 'first_year', label: 'First shipped', ranges: [{ to: 2010 }, { from: 2010, to: 2015 }, { from: 2015 }] },
    { field: 'browser_count', label: 'Browsers', ranges: [{ to: 3 }, { from: 3 }] },
  ],
  dateFilter: true,
};
const values = (prefix: string) => Array.from({ length: 8 }, (_, i) => ({ value: `${prefix}${i}`, count: 20 - i }));
const response = {
  ...answer([hit()], 40),
  facets: {
    categorys: [{ value: '1xcss', count: 9 }],
    'custom_fields.area': values('a'),
    'custom_fields.status': values('s'),
    'custom_fields.kind': values('k'),
    'custom_fields.browsers': values('b'),
  },
  rangeFacets: {
    'custom_fields.first_year': [
      { to: 2010, count: 3 },
      { from: 2010, to: 2015, count: 4 },
      { from: 2015, count: 5 },
    ],
    'custom_fields.browser_count': [
      { to: 3, count: 2 },
      { from: 3, count: 7 },
    ],
  },
};

/** What Tab stops at in the column: focusable, and not folded away in a closed disclosure. */
function tabStops(root: Element): Element[] {
  return [...root.querySelectorAll('a[href], button, input, select, summary, [tabindex]:not([tabindex="-1"])')].filter((el) => {
    if ((el as HTMLInputElement).disabled) return false;
    for (let details = el.closest('details'); details; details = details.parentElement?.closest('details') ?? null) {
      if (!details.open && el !== details.querySelector(':scope > summary')) return false;
    }
    return true;
  });
}

it('folds the filters past the first two groups, and the dates, so few Tab stops stand before the results', async () => {
  const { controller, calls } = fakeController();
  renderWidget(controller, <FacetPanel />, { config });
  await act(() => searchAndAnswer(controller, calls, 'grid', response));
  const panel = document.querySelector('.ss-panel')!;
  const all = panel.querySelectorAll('input, select, button, summary').length;
  const stops = tabStops(panel);
  expect(stops.length).toBeLessThanOrEqual(16);
  expect(stops.length).toBeLessThan(all / 2);
  expect(panel.querySelector('details.ss-more-filters:not([open]) > summary')?.textContent).toBe('More filters');
  // Opened, the dates are still one stop until their own disclosure opens.
  act(() => {
    panel.querySelector<HTMLDetailsElement>('details.ss-more-filters')!.open = true;
  });
  expect(tabStops(panel).filter((el) => (el as HTMLInputElement).type === 'date')).toHaveLength(0);
});

it('opens "More filters" by itself when a filter in it is in use', async () => {
  const { controller, calls } = fakeController();
  renderWidget(controller, <FacetPanel />, { config });
  controller.setFilters({ dateFrom: '2020-01-01' });
  await act(() => searchAndAnswer(controller, calls, 'grid', response));
  const panel = document.querySelector('.ss-panel')!;
  expect(panel.querySelector<HTMLDetailsElement>('details.ss-more-filters')!.open).toBe(true);
  expect(tabStops(panel).filter((el) => (el as HTMLInputElement).type === 'date')).toHaveLength(2);
});
