import { act, cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResponse } from '../client/types.ts';
import { FacetPanel } from './FacetPanel.tsx';
import { FilterChips } from './FilterChips.tsx';
import { Results } from './Results.tsx';
import { SortSelect } from './SortSelect.tsx';
import { answer, answerLatest, dialogMethods, fakeController, hit, renderWidget, searchAndAnswer } from './testing.tsx';
import type { WidgetConfig } from './WidgetContext.ts';

beforeEach(() => {
  vi.useFakeTimers();
  dialogMethods();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const config: WidgetConfig = {
  facets: [{ field: 'area', label: 'Area' }],
  rangeFacets: [{ field: 'first_year', label: 'First year', ranges: [{ to: 2010 }, { from: 2010, to: 2020 }, { from: 2020 }] }],
  categoryFacet: true,
  languages: ['en', 'de'],
  dateFilter: true,
  sorts: [{ field: 'first_year', label: 'First year' }],
};

function faceted(): SearchResponse {
  const areas = ['css', 'html', 'api', 'javascript', 'svg', 'webdriver', 'http'];
  return {
    ...answer([hit()], 40),
    facets: {
      'custom_fields.area': areas.map((value, i) => ({ value, count: 20 - i })),
      categorys: [{ value: '1xcss', count: 9 }],
    },
    rangeFacets: {
      'custom_fields.first_year': [
        { to: 2010, count: 3 },
        { from: 2010, to: 2020, count: 0 },
        { from: 2020, count: 5 },
      ],
    },
  };
}

async function setup() {
  const { controller, calls } = fakeController();
  renderWidget(
    controller,
    <>
      <SortSelect />
      <FacetPanel />
      <FilterChips />
    </>,
    { config },
  );
  await act(() => searchAndAnswer(controller, calls, 'grid', faceted()));
  return { controller, calls };
}

describe('FacetPanel', () => {
  it('renders nothing before the first answer', () => {
    const { controller } = fakeController();
    const { container } = renderWidget(controller, <FacetPanel />, { config });
    expect(container.querySelector('.ss-facets')).toBeNull();
  });

  it('goes away when nothing is found and nothing chosen, and stays to undo a choice that found nothing', async () => {
    const { controller, calls } = fakeController();
    const { container } = renderWidget(controller, <FacetPanel />, { config });
    await act(() => searchAndAnswer(controller, calls, 'zzzz', { ...answer([], 0), facets: { 'custom_fields.area': [] } }));
    expect(container.querySelector('.ss-facets')).toBeNull();
    await act(() => searchAndAnswer(controller, calls, 'grid', faceted()));
    act(() => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'css, 20 results' }));
    });
    await answerLatest(calls, { ...answer([], 0), facets: { 'custom_fields.area': [] } });
    expect((screen.getByRole('checkbox', { name: /^css/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('lists five values with counts, and the rest behind "Show more"', async () => {
    await setup();
    const group = screen.getByRole('group', { name: 'Area' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(5);
    const more = within(group).getByRole('button', { name: 'Show more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    act(() => {
      fireEvent.click(more);
    });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(7);
    expect(within(group).getByRole('checkbox', { name: 'css, 20 results' })).toBeTruthy();
  });

  it('checking values ORs them within the field, returns to page 1 and adds chips', async () => {
    const { controller, calls } = await setup();
    act(() => controller.setPage(3));
    act(() => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'css, 20 results' }));
    });
    expect(calls.at(-1)?.params).toMatchObject({ page: 1, customField: { area: ['css'] } });
    // The answer counts only css now; the other values stay on offer.
    await answerLatest(calls, { ...faceted(), facets: { 'custom_fields.area': [{ value: 'css', count: 20 }] } });
    act(() => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'html, 19 results' }));
    });
    expect(calls.at(-1)?.params.customField).toEqual({ area: ['css', 'html'] });
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getByRole('button', { name: 'Remove filter Area: css' })).toBeTruthy();
  });

  it('range buckets show counts (none that holds nothing), toggle as pressed buttons, and filter as they counted (`to` left out)', async () => {
    const { calls } = await setup();
    const group = screen.getByRole('group', { name: 'First year' });
    expect(within(group).queryByRole('button', { name: /2010 – 2020/ })).toBeNull();
    const first = within(group).getByRole('button', { name: '< 2010, 3 results' });
    act(() => {
      fireEvent.click(first);
    });
    expect(first.getAttribute('aria-pressed')).toBe('true');
    expect(calls.at(-1)?.params.filter).toEqual({ range: { 'custom_fields.first_year': { lt: 2010 } } });
    expect(screen.getByRole('button', { name: 'Remove filter First year: < 2010' })).toBeTruthy();
    const last = within(group).getByRole('button', { name: '≥ 2020, 5 results' });
    act(() => {
      fireEvent.click(last);
    });
    expect(last.getAttribute('aria-pressed')).toBe('true');
    expect(first.getAttribute('aria-pressed')).toBe('false');
    expect((within(group).getByLabelText('From') as HTMLInputElement).value).toBe('2020');
  });

  it('a From/To pair applies any range, the To value taken in', async () => {
    const { calls, controller } = await setup();
    const group = screen.getByRole('group', { name: 'First year' });
    (within(group).getByLabelText('From') as HTMLInputElement).value = '2001';
    (within(group).getByLabelText('To') as HTMLInputElement).value = '2005';
    act(() => {
      fireEvent.click(within(group).getByRole('button', { name: 'Apply' }));
    });
    expect(controller.filters.value.ranges).toEqual({ first_year: { from: 2001, to: 2005 } });
    const range = (calls.at(-1)?.params.filter as { range: Record<string, { gt: number; lt: number }> }).range;
    expect(range['custom_fields.first_year']?.lt).toBeGreaterThan(2005);
    expect(range['custom_fields.first_year']?.lt).toBeLessThan(2005.001);
    expect(screen.getByRole('button', { name: 'Remove filter First year: 2001 – 2005' })).toBeTruthy();
    (within(group).getByLabelText('From') as HTMLInputElement).value = '';
    act(() => {
      fireEvent.click(within(group).getByRole('button', { name: 'Apply' }));
    });
    expect(screen.getByRole('button', { name: 'Remove filter First year: ≤ 2005' })).toBeTruthy();
  });

  it('the category facet goes a level down; language and dates filter too', async () => {
    const { calls, controller } = await setup();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'css, 9 results' }));
    });
    expect(calls.at(-1)?.params).toMatchObject({ categories: '1xcss' });
    act(() => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'de' } });
    });
    expect(calls.at(-1)?.params.lang).toBe('de');
    act(() => {
      fireEvent.change(screen.getByLabelText('Published after'), { target: { value: '2020-02-02' } });
    });
    expect(calls.at(-1)?.params.dateFrom).toBe('2020-02-02');
    expect(controller.filters.value).toEqual({ category: '1xcss', lang: 'de', dateFrom: '2020-02-02' });
  });

  it('the category facet goes back up a level at a time, to all sections at the top', async () => {
    const { calls, controller } = await setup();
    const group = () => screen.getByRole('group', { name: 'Section' });
    expect(within(group()).queryByRole('button', { name: /All sections|Back to/ })).toBeNull();
    const answerWith = async (categorys: Array<{ value: string; count: number }>) => {
      await answerLatest(calls, { ...faceted(), facets: { categorys } });
    };
    act(() => {
      fireEvent.click(within(group()).getByRole('button', { name: 'css, 9 results' }));
    });
    await answerWith([{ value: '2xgrid', count: 4 }]);
    act(() => {
      fireEvent.click(within(group()).getByRole('button', { name: 'grid, 4 results' }));
    });
    // The deepest level has no children: the facet stays, to go back up, and names where it is.
    await answerWith([]);
    expect(controller.filters.value.category).toBe('2xgrid');
    expect(group().querySelector('.ss-current')?.textContent).toBe('grid');
    act(() => {
      fireEvent.click(within(group()).getByRole('button', { name: 'Back to css' }));
    });
    expect(controller.filters.value.category).toBe('1xcss');
    expect(calls.at(-1)?.params.categories).toBe('1xcss');
    await answerWith([{ value: '2xgrid', count: 4 }]);
    act(() => {
      fireEvent.click(within(group()).getByRole('button', { name: 'All sections' }));
    });
    expect(controller.filters.value).toEqual({});
    // Chosen by a link or chip, the level above is not known: straight back to all.
    await answerWith([{ value: '1xcss', count: 9 }]);
    act(() => controller.setFilters({ category: '3xsubgrid' }));
    await answerWith([]);
    expect(within(group()).getByRole('button', { name: 'All sections' })).toBeTruthy();
  });

  it('a chip removes its filter and "Clear all" removes every one', async () => {
    const { controller } = await setup();
    act(() => controller.setFilters({ fields: { area: ['css', 'svg'] }, lang: 'de' }));
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove filter Area: svg' }));
    });
    expect(controller.filters.value).toEqual({ fields: { area: ['css'] }, lang: 'de' });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    });
    expect(controller.filters.value).toEqual({});
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
  });
});

describe('FacetPanel on a phone', () => {
  it('names the filters applied on its button', async () => {
    const { controller } = await setup();
    const button = screen.getByRole('button', { name: 'Filters' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    act(() => controller.setFilters({ fields: { area: ['css', 'svg'] }, ranges: { first_year: { from: 2001 } } }));
    expect(screen.getByRole('button', { name: 'Filters, 3 applied' }).textContent).toBe('Filters3');
  });

  it('opens the facets in a modal panel whose footer shows the live count and closes back to the button', async () => {
    const { controller, calls } = await setup();
    const button = screen.getByRole('button', { name: 'Filters' });
    // Chosen beside the results (a wider window), then the answer counts only that value.
    act(() => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'css, 20 results' }));
    });
    await answerLatest(calls, { ...faceted(), total_hits: 20, facets: { 'custom_fields.area': [{ value: 'css', count: 20 }] } });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Filters, 1 applied' }));
    });
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Filters' })).toBeTruthy();
    // The facets moved into the panel: one set on the page, the other values still on offer.
    expect(screen.getAllByRole('group', { name: 'Area' })).toHaveLength(1);
    expect(within(dialog).getByRole('checkbox', { name: 'html, 19 results' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Show 20 results' })).toBeTruthy();
    act(() => {
      fireEvent.click(within(dialog).getByRole('checkbox', { name: 'html, 19 results' }));
    });
    await answerLatest(calls, { ...faceted(), total_hits: 31, facets: { 'custom_fields.area': [{ value: 'css', count: 20 }] } });
    expect(within(dialog).getByRole('button', { name: 'Show 31 results' })).toBeTruthy();
    act(() => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Clear all' }));
    });
    expect(controller.filters.value).toEqual({});
    expect(document.activeElement?.textContent).toBe('Show 31 results');
    act(() => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Show 31 results' }));
    });
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(button);
    act(() => {
      fireEvent.click(button);
    });
    act(() => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    });
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it('heads the facets and the results for screen readers, at the configured level', async () => {
    const { controller, calls } = fakeController();
    renderWidget(
      controller,
      <>
        <FacetPanel />
        <Results />
      </>,
      { config: { ...config, headingLevel: 3 } },
    );
    await act(() => searchAndAnswer(controller, calls, 'grid', faceted()));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Filters', 'Results']);
  });
});

describe('SortSelect', () => {
  it('offers relevance, date and the configured fields both ways, and sorts on change', async () => {
    const { calls } = await setup();
    const select = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Relevance',
      'Newest first',
      'Oldest first',
      'First year, ascending',
      'First year, descending',
    ]);
    act(() => {
      fireEvent.change(select, { target: { value: 'custom_fields.first_year asc' } });
    });
    expect(calls.at(-1)?.params).toMatchObject({ sort: 'custom_fields.first_year', order: 'asc', page: 1 });
  });
});
