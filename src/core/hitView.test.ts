import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../client/types.ts';
import { hitView } from './hitView.ts';

const base: SearchHit = {
  id: 'doc-1',
  url: 'https://example.com/docs/grid',
  title: 'Grid layout',
  meta_description: 'Boxes on a grid.',
  meta_categories: null,
  custom_fields: {},
  highlight: 'Place <em>grid</em> items',
  ts: '2024-03-05T10:00:00',
  categories: [],
  document_type: 'html',
  images: { main: null, main_b64: null, capture: null },
  score: 1,
};
const view = (hit: Partial<SearchHit>, fields?: Array<{ field: string; label: string }>) =>
  hitView({ ...base, ...hit }, 'grid', { fields, untitled: 'Untitled' });

describe('hitView', () => {
  it('reads a hit: its link, readable URL, marked title and passage, and its day', () => {
    expect(view({})).toEqual({
      href: 'https://example.com/docs/grid',
      url: 'example.com/docs/grid',
      section: '',
      title: [
        { text: 'Grid', em: true },
        { text: ' layout', em: false },
      ],
      snippet: [
        { text: 'Place ', em: false },
        { text: 'grid', em: true },
        { text: ' items', em: false },
      ],
      type: null,
      day: { text: '2024-03-05', date: new Date('2024-03-05T00:00Z') },
      fields: [],
    });
  });

  it("takes the title's marks from the service when it sends them: it knows its stop words", () => {
    const title = (hit: Partial<SearchHit>, term: string) => hitView({ ...base, ...hit }, term, { untitled: 'Untitled' }).title;
    const center = { title: 'How to center a div', highlight: '' };
    expect(title({ ...center, titleHighlight: 'How to <em>center</em> a <em>div</em>' }, 'how to center a div')).toEqual([
      { text: 'How to ', em: false },
      { text: 'center', em: true },
      { text: ' a ', em: false },
      { text: 'div', em: true },
    ]);
    // Without the service's marks, the typed words are marked.
    expect(title(center, 'center div')).toEqual([
      { text: 'How to ', em: false },
      { text: 'center', em: true },
      { text: ' a ', em: false },
      { text: 'div', em: true },
    ]);
    expect(title({ title: '', url: '', titleHighlight: '<em>x</em>' }, 'x')).toEqual([{ text: 'Untitled', em: false }]);
  });

  it('links no unsafe URL, and names an untitled hit by its URL, else "untitled"', () => {
    expect(view({ url: 'javascript:alert(1)' }).href).toBeNull();
    expect(
      view({ title: '' })
        .title.map((p) => p.text)
        .join(''),
    ).toBe('example.com/docs/grid');
    expect(view({ title: null as unknown as string, url: '' }).title).toEqual([{ text: 'Untitled', em: false }]);
  });

  it('tells a section of a page from the page: its URL fragment, decoded, beside the URL that leaves it out', () => {
    const page = view({ url: 'https://developer.mozilla.org/en-US/docs/Web/API/Window/fetch' });
    const section = view({ url: 'https://developer.mozilla.org/en-US/docs/Web/API/Window/fetch#options_parameter' });
    expect(page).toMatchObject({ url: 'developer.mozilla.org/en-US/docs/Web/API/Window/fetch', section: '' });
    expect(section).toMatchObject({ url: 'developer.mozilla.org/en-US/docs/Web/API/Window/fetch', section: 'options_parameter' });
    expect(view({ url: 'https://example.com/a#caf%C3%A9' }).section).toBe('café');
    // A malformed escape shows as it came; bidi controls go.
    expect(view({ url: 'https://example.com/a#100%' }).section).toBe('100%');
    expect(view({ url: 'https://example.com/a#x%E2%80%AEy' }).section).toBe('xy');
    expect(view({ url: 'https://example.com/a#' }).section).toBe('');
  });

  it('falls back to the meta description, then to nothing', () => {
    expect(view({ highlight: '' }).snippet).toEqual([{ text: 'Boxes on a grid.', em: false }]);
    expect(view({ highlight: '', meta_description: null as unknown as string }).snippet).toEqual([]);
  });

  it('names the document type of a file, and no day for a date that is not one', () => {
    expect(view({ document_type: 'pdf' }).type).toBe('pdf');
    expect(view({ ts: 'yesterday' }).day).toBeNull();
    expect(view({ ts: '2024-02-31T00:00:00' }).day).toBeNull();
    expect(view({ ts: '2024-13-01' }).day).toBeNull();
  });

  it('shows the custom fields asked for, lists joined, empty ones left out', () => {
    const fields = [
      { field: 'area', label: 'Area' },
      { field: 'tags', label: 'Tags' },
      { field: 'none', label: 'None' },
    ];
    expect(view({ custom_fields: { area: 'css', tags: ['layout', 'grid'], none: '' } }, fields).fields).toEqual([
      { label: 'Area', value: 'css' },
      { label: 'Tags', value: 'layout, grid' },
    ]);
  });
});
