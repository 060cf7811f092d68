import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { createClient } from '../client/createClient.ts';
import { fakeFetch, never } from '../client/fakeFetch.ts';
import { createRecommendations } from '../core/createRecommendations.ts';
import { mountRecommendations } from './mountRecommendations.tsx';
import { Recommendations } from './Recommendations.tsx';
import { hit } from './testing.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const related = (n: number) => ({
  total_hits: n,
  processing_time_ms: 1,
  hits: Array.from({ length: n }, (_, i) => ({
    ...hit({ id: `doc-${i + 1}`, title: `Item ${i + 1}`, url: `https://example.com/${i + 1}` }),
    type: 'viewed_together',
  })),
});

function setup(...answers: Array<() => Response | Promise<Response>>) {
  const { seen, fetcher } = fakeFetch(...answers);
  const model = createRecommendations({
    client: createClient({ siteKey: 'demo', baseUrl: 'https://api.test', fetch: fetcher }),
    configurationKey: 'related',
    itemId: 'item-1',
  });
  const view = render(<Recommendations recommendations={model} />);
  return { seen, model, view };
}

/** A row of three related items mounted by mountRecommendations; the stats events it sends go to `stats`. */
function mountRow(analytics?: false) {
  const stats = fakeFetch(() => new Response('{}'));
  vi.stubGlobal('fetch', stats.fetcher);
  const target = document.body.appendChild(document.createElement('div'));
  const answers = fakeFetch(() => Response.json(related(3)));
  const options = { siteKey: 'demo', baseUrl: 'https://api.test', configurationKey: 'related', itemId: 'item-1', fetch: answers.fetcher };
  const row = mountRecommendations(target, analytics === false ? { ...options, analytics } : options);
  return { stats, target, row };
}

describe('Recommendations', () => {
  it('reads the page’s colour scheme once, not at every change of the row', async () => {
    const read = vi.spyOn(window, 'getComputedStyle');
    setup(() => Response.json(related(3)));
    await screen.findByText('Item 1');
    expect(read.mock.calls.filter(([el]) => el === document.documentElement)).toHaveLength(1);
    read.mockRestore();
  });

  it('asks for the item with the configuration and shows a quiet line while loading', () => {
    const { seen } = setup(never);
    expect(screen.getByRole('region', { name: 'Related items' })).toHaveProperty('ariaBusy', 'true');
    expect(screen.getByText('Searching…')).toBeTruthy();
    // Quiet: only the error line is a live region.
    expect(screen.queryByRole('status')).toBeNull();
    expect(seen[0]!.url.pathname).toBe('/v1/recommendations/demo');
    expect(seen[0]!.url.searchParams.get('configurationKey')).toBe('related');
    expect(seen[0]!.url.searchParams.get('ItemId')).toBe('item-1');
  });

  it('names each row by its own heading when two are rendered as separate roots', () => {
    const { fetcher } = fakeFetch(never, never);
    const rows = ['Related guides', 'Related pages'].map((title) => {
      const model = createRecommendations({
        client: createClient({ siteKey: 'demo', baseUrl: 'https://api.test', fetch: fetcher }),
        configurationKey: 'related',
        itemId: title,
      });
      return render(<Recommendations recommendations={model} title={title} />);
    });
    for (const [i, title] of ['Related guides', 'Related pages'].entries()) {
      expect(screen.getByRole('region', { name: title })).toBe(rows[i]!.container.firstElementChild);
    }
  });

  it('lets a dotted name wrap after each dot, keeping its text whole', async () => {
    const answer = related(1);
    answer.hits[0]!.title = 'HTMLElement.offsetParent';
    setup(() => Response.json(answer));
    const link = await screen.findByRole('link', { name: 'HTMLElement.offsetParent' });
    expect(link.innerHTML).toBe('HTMLElement.<wbr>offsetParent');
  });

  it('renders nothing when nothing is related', async () => {
    const { view, model } = setup(() => Response.json(related(0)));
    await waitFor(() => expect(model.status.value).toBe('empty'));
    expect(view.container.innerHTML).toBe('');
  });

  it('says so quietly on an error', async () => {
    setup(
      () => new Response('{}', { status: 500 }),
      () => new Response('{}', { status: 500 }),
    );
    expect(await screen.findByText('Related items could not be loaded.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Related items could not be loaded.');
  }, 10_000);

  it('lists each item as a link, drops unsafe URLs, and moves focus with the arrow keys', async () => {
    const answer = related(3);
    answer.hits[1]!.url = 'javascript:alert(1)';
    setup(() => Response.json(answer));
    const links = await screen.findAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Item 1', 'Item 3']);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    // Names and heading take their own direction: English titles in a right-to-left page stay readable.
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('.ss-rec-link')?.getAttribute('dir'))).toEqual(['auto', 'auto', 'auto']);
    expect(screen.getByRole('heading').getAttribute('dir')).toBe('auto');
    links[0]!.focus();
    fireEvent.keyDown(links[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(links[1]);
    fireEvent.keyDown(links[1]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(links[0]);
    fireEvent.keyDown(links[0]!, { key: 'End' });
    expect(document.activeElement).toBe(links[1]);
  });

  it('steps with the arrows, mirrored right-to-left, jumps with Home and End, and stops at the ends', async () => {
    setup(() => Response.json(related(3)));
    const links = await screen.findAllByRole('link');
    links[0]!.focus();
    // Each key, then the link that must hold the focus after it.
    const walk = (sequence: Array<[string, number]>) => {
      for (const [key, index] of sequence) {
        fireEvent.keyDown(document.activeElement!, { key });
        expect(document.activeElement, key).toBe(links[index]);
      }
    };
    walk([
      ['ArrowDown', 1],
      ['End', 2],
      ['ArrowRight', 2],
      ['ArrowUp', 1],
      ['Home', 0],
      ['ArrowLeft', 0],
      ['a', 0],
    ]);
    screen.getByRole('list').style.direction = 'rtl';
    walk([
      ['ArrowLeft', 1],
      ['ArrowRight', 0],
    ]);
  });

  it('mounted, reports a click through its tracker with the 1-based position, the docid and the site-wide session', async () => {
    const { stats, target, row } = mountRow();
    const third = await screen.findByRole('link', { name: 'Item 3' });
    third.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(third);
    await waitFor(() => expect(stats.seen).toHaveLength(1));
    const event = stats.seen[0]!;
    expect(event.method).toBe('POST');
    expect(event.url.href).toBe('https://api.test/v1/stats/demo');
    const { id: session } = JSON.parse(localStorage.getItem('ss-session')!) as { id: string };
    expect(session).toMatch(/^[0-9a-f]{32}$/);
    expect(event.body).toEqual({
      action: 'click',
      session,
      keyword: 'recommendations:related:item-1',
      docid: 'doc-3',
      position: 3,
      eventId: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown,
    });
    // A middle click counts, a right click does not.
    fireEvent(third, new MouseEvent('auxclick', { bubbles: true, button: 2 }));
    expect(stats.seen).toHaveLength(1);
    fireEvent(third, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(stats.seen).toHaveLength(2);
    expect(stats.seen[1]!.body).toMatchObject({ action: 'click', docid: 'doc-3', position: 3, session });
    expect(stats.seen[1]!.body).not.toMatchObject({ eventId: (event.body as { eventId: string }).eventId });
    act(() => row.destroy());
    expect(target.innerHTML).toBe('');
    target.remove();
  });

  it('mounted with analytics off, reports no click', async () => {
    const { stats, target, row } = mountRow(false);
    const first = await screen.findByRole('link', { name: 'Item 1' });
    first.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(first);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stats.seen).toHaveLength(0);
    act(() => row.destroy());
    target.remove();
  });
});
