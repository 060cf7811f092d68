import { act, cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Results } from './Results.tsx';
import { StatsLine } from './StatsLine.tsx';
import { de } from './messagesDe.ts';
import { advance, answer, answerLatest, fakeController, hit, renderWidget, renderWith, searchAndAnswer } from './testing.tsx';

const PNG_B64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function setup(hits = [hit()]) {
  const { controller, calls } = fakeController();
  const view = renderWith(controller, <Results />);
  await act(() => searchAndAnswer(controller, calls, 'grid', answer(hits)));
  return { controller, calls, view };
}

describe('Results', () => {
  it('renders nothing while idle', () => {
    const { controller } = fakeController();
    const { container } = renderWith(controller, <Results />);
    expect(container.innerHTML).toBe('');
  });

  it('renders each hit as an article in a list named "Search results"', async () => {
    await setup([hit(), hit({ id: 'doc-2', title: 'flex - CSS', url: 'https://example.com/flex/' })]);
    const list = screen.getByRole('list', { name: 'Search results' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('article')).toBeTruthy();
  });

  it('renders the title as the heading link, the display URL and the highlight', async () => {
    await setup();
    const heading = screen.getByRole('heading', { name: 'grid - CSS' });
    const link = within(heading).getByRole('link', { name: 'grid - CSS' });
    expect(link.getAttribute('href')).toBe('https://developer.mozilla.org/en-US/docs/Web/CSS/grid');
    expect(screen.getByText('developer.mozilla.org/en-US/docs/Web/CSS/grid')).toBeTruthy();
    const mark = document.querySelector('.ss-hit-snippet mark');
    expect(mark?.textContent).toBe('grid');
    expect(document.querySelector('.ss-hit-snippet')?.textContent).toBe('The grid CSS property');
  });

  it('marks the matched words in each title with the passage’s <mark>, keeping the link’s name whole', async () => {
    const { controller, calls } = fakeController();
    renderWith(controller, <Results />);
    const hits = [
      hit({ title: 'setTimeout() global function', highlight: 'Calls a <em>timeout</em> handler' }),
      hit({ id: 'doc-2', title: 'Global objects', highlight: 'Standard <em>objects</em>' }),
      hit({ id: 'doc-3', title: 'clearInterval()', highlight: '' }),
    ];
    await act(() => searchAndAnswer(controller, calls, 'set glob', answer(hits)));
    const links = screen.getAllByRole('link');
    // `set` as a camel-case part, `Timeout` as the passage marked it, `glob` typed so far.
    expect(links[0]?.innerHTML).toBe('<mark class="ss-mark">setTimeout</mark>() <mark class="ss-mark">glob</mark>al function');
    expect(links[1]?.innerHTML).toBe('<mark class="ss-mark">Glob</mark>al <mark class="ss-mark">objects</mark>');
    expect(links[2]?.innerHTML).toBe('clearInterval()');
    expect(screen.getByRole('link', { name: 'setTimeout() global function' })).toBe(links[0]);
    // The same element and class as the passage's marks, so the same styles.
    expect(document.querySelector('.ss-hit-snippet mark')?.className).toBe('ss-mark');
  });

  it('marks a hostile title’s words as text, building no other element', async () => {
    const { controller, calls } = fakeController();
    renderWith(controller, <Results />);
    const title = '<script>grid(1)</script><img src=x onerror=alert(2)> &amp; .*+?()[]';
    await act(() => searchAndAnswer(controller, calls, 'grid img', answer([hit({ title })])));
    const link = screen.getByRole('link');
    expect([...link.querySelectorAll('*')].map((el) => el.tagName)).toEqual(['MARK', 'MARK']);
    expect([...link.querySelectorAll('mark')].map((el) => el.textContent)).toEqual(['grid', 'img']);
    expect(link.textContent).toBe(title);
  });

  it('renders the placeholder at once and the image lazily over it', async () => {
    await setup([hit({ images: { main: 'https://example.com/t.png', main_b64: PNG_B64, capture: null } })]);
    const placeholder = document.querySelector('img.ss-thumb-placeholder');
    const image = document.querySelector('img.ss-thumb-image');
    expect(placeholder?.getAttribute('src')).toBe(`data:image/png;base64,${PNG_B64}`);
    expect(image?.getAttribute('src')).toBe('https://example.com/t.png');
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect(image?.getAttribute('decoding')).toBe('async');
    expect(image?.getAttribute('alt')).toBe('');
    expect(image?.getAttribute('width')).toBe('64');
    expect(image?.getAttribute('height')).toBe('64');
    // Fades in only once it has loaded.
    expect(document.querySelector('.ss-thumb-loaded')).toBeNull();
    fireEvent.load(image!);
    expect(document.querySelector('.ss-thumb-loaded')).not.toBeNull();
  });

  it('makes the images of a result past the first ten only once the browser says its box nears the screen', async () => {
    // Chromium's content-visibility event; jsdom has none, so elsewhere every thumbnail gets its images at once.
    vi.stubGlobal('ContentVisibilityAutoStateChangeEvent', Event);
    try {
      const images = { main: 'https://example.com/t.png', main_b64: PNG_B64, capture: null };
      await setup(Array.from({ length: 11 }, (_, i) => hit({ id: `doc-${i}`, images })));
      const [first, , , , , , , , , tenth, eleventh] = [...document.querySelectorAll('.ss-thumb')];
      expect(first!.querySelectorAll('img')).toHaveLength(2);
      expect(tenth!.querySelectorAll('img')).toHaveLength(2);
      expect(eleventh!.querySelector('img, svg')).toBeNull();
      const state = (skipped: boolean) => fireEvent(eleventh!, Object.assign(new Event('contentvisibilityautostatechange'), { skipped }));
      state(true);
      expect(eleventh!.querySelector('img')).toBeNull();
      state(false);
      expect([...eleventh!.querySelectorAll('img')].map((img) => img.className)).toEqual(['ss-thumb-placeholder', 'ss-thumb-image']);
      // Scrolled away again: what is made stays.
      state(true);
      expect(eleventh!.querySelectorAll('img')).toHaveLength(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows the document icon, not a lasting blur, when the image fails over its placeholder', async () => {
    await setup([hit({ images: { main: 'https://example.com/broken.png', main_b64: PNG_B64, capture: null } })]);
    fireEvent.error(document.querySelector('img.ss-thumb-image')!);
    expect(document.querySelector('.ss-thumb img')).toBeNull();
    expect(document.querySelector('.ss-thumb svg')).not.toBeNull();
  });

  it('shows a document icon when the image fails and there is no placeholder', async () => {
    await setup([hit({ images: { main: 'https://example.com/broken.png', main_b64: null, capture: null } })]);
    fireEvent.error(document.querySelector('img.ss-thumb-image')!);
    expect(document.querySelector('.ss-thumb img')).toBeNull();
    expect(document.querySelector('.ss-thumb svg')).not.toBeNull();
  });

  it('shows the section of a page after its URL, so that the page and its sections read apart', async () => {
    const url = 'https://developer.mozilla.org/en-US/docs/Web/API/Window/fetch';
    await setup([hit({ url, title: 'fetch()' }), hit({ id: 'doc-2', url: `${url}#options_parameter`, title: 'fetch() › options parameter' })]);
    const shown = [...document.querySelectorAll('.ss-hit-url')].map((p) => p.textContent);
    expect(shown).toEqual(['developer.mozilla.org/en-US/docs/Web/API/Window/fetch', 'developer.mozilla.org/en-US/docs/Web/API/Window/fetch#options_parameter']);
    expect(document.querySelectorAll('.ss-hit-section')).toHaveLength(1);
    // The page's last step stays with the section: cut to fit, the URL loses its middle, never the page's name.
    expect(document.querySelector('.ss-hit-section')?.textContent).toBe('fetch#options_parameter');
    expect(document.querySelector('.ss-hit-section')?.previousElementSibling?.textContent).toBe('developer.mozilla.org/en-US/docs/Web/API/Window/');
  });

  it('keeps a URL left to right and lets a title and passage keep their own direction, and shows a long URL whole for CSS to end', async () => {
    const url = `https://example.com/${'segment/'.repeat(12)}page`;
    await setup([hit({ url })]);
    expect(document.querySelector('.ss-hit-url')?.getAttribute('dir')).toBe('ltr');
    expect(document.querySelector('.ss-hit-url')?.textContent).toBe(url.slice('https://'.length));
    expect(document.querySelector('.ss-hit-title')?.getAttribute('dir')).toBe('auto');
    expect(document.querySelector('.ss-hit-snippet')?.getAttribute('dir')).toBe('auto');
  });

  it('renders hostile hit fields as text: no script, no event handlers, no javascript: links', async () => {
    await setup([
      hit({
        title: '<script>alert(1)</script><img src=x onerror=alert(2)>',
        url: 'javascript:alert(3)',
        highlight: '<img src=x onerror=alert(4)><em>grid</em><script>alert(5)</script><a href="javascript:alert(6)">x</a>',
        images: { main: 'javascript:alert(7)', main_b64: 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoOCk+', capture: null },
        thumbnail_external_src: 'data:text/html,<script>alert(9)</script>',
      }),
    ]);
    const article = screen.getByRole('article');
    expect(article.querySelector('script')).toBeNull();
    expect(article.querySelector('img')).toBeNull();
    expect(article.querySelector('[onerror]')).toBeNull();
    expect(article.querySelector('a')).toBeNull();
    expect(document.querySelectorAll('a[href^="javascript" i]')).toHaveLength(0);
    // Every element inside the passage is a <mark>: the rest is text.
    const snippet = article.querySelector('.ss-hit-snippet')!;
    expect([...snippet.querySelectorAll('*')].map((el) => el.tagName)).toEqual(['MARK']);
    expect(snippet.textContent).toBe('<img src=x onerror=alert(4)>grid<script>alert(5)</script><a href="javascript:alert(6)">x</a>');
    // The title still shows, as plain heading text.
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('<script>alert(1)</script><img src=x onerror=alert(2)>');
  });

  it('never renders non-string fields from a misbehaving API', async () => {
    const evil = { type: 'img', props: { src: 'x', onerror: 'alert(1)' } };
    await setup([hit({ title: evil as unknown as string, highlight: evil as unknown as string })]);
    expect(document.querySelector('.ss-hit img')).toBeNull();
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('developer.mozilla.org/en-US/docs/Web/CSS/grid');
  });

  it('falls back to the meta description when there is no highlight', async () => {
    await setup([hit({ highlight: '' })]);
    expect(document.querySelector('.ss-hit-snippet')?.textContent).toBe('The grid CSS property is a shorthand.');
  });

  it('shows the empty state naming the term that found nothing', async () => {
    await setup([]);
    expect(screen.getByText('No results for “grid”')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says above partial results that they hold only some of the words, and announces it once with the count', async () => {
    const { controller, calls } = fakeController();
    renderWith(
      controller,
      <>
        <StatsLine />
        <Results />
      </>,
    );
    const status = screen.getByRole('status');
    await act(() => searchAndAnswer(controller, calls, 'grid zzzzqqq', answer([])));
    // No empty state and no "0 results" in between: the second request is on its way.
    expect(calls.at(-1)?.params).toMatchObject({ defaultOperator: 'or', fuzzy: 'auto' });
    expect(screen.queryByText(/No results/)).toBeNull();
    expect(status.textContent).toBe('');
    await answerLatest(calls, answer([hit(), hit({ id: 'doc-2' })], 2));
    const notice = document.querySelector('.ss-notice');
    expect(notice?.textContent).toBe('No results for all of the words. Showing results for some of them.');
    // Right above the list, and spoken by the live region (the notice itself is not one).
    expect(notice?.nextElementSibling).toBe(screen.getByRole('list', { name: 'Search results' }));
    expect(notice?.closest('[role=status], [aria-live]')).toBeNull();
    // Said once the typing has paused.
    await advance(1000);
    expect(status.textContent).toBe('2 results No results for all of the words. Showing results for some of them.');

    // Results that hold every word say nothing of the kind.
    await act(() => searchAndAnswer(controller, calls, 'grid', answer([hit()])));
    expect(document.querySelector('.ss-notice')).toBeNull();
    await advance(1000);
    expect(status.textContent).toBe('1 result');
  });

  it('shows the empty state, not the notice, when some of the words find nothing either', async () => {
    const { controller, calls } = fakeController();
    renderWith(controller, <Results />);
    await act(() => searchAndAnswer(controller, calls, 'zzzz qqqq', answer([])));
    await answerLatest(calls, answer([]));
    expect(screen.getByText('No results for “zzzz qqqq”')).toBeTruthy();
    expect(document.querySelector('.ss-notice')).toBeNull();
  });

  it('shows skeletons only once the search has stalled', async () => {
    const { controller } = fakeController();
    const { container } = renderWith(controller, <Results />);
    act(() => {
      controller.setTerm('grid');
      controller.submit();
    });
    expect(container.querySelector('.ss-skeletons')).toBeNull();
    await advance(299);
    expect(container.querySelector('.ss-skeletons')).toBeNull();
    await advance(1);
    expect(container.querySelector('.ss-skeletons')).not.toBeNull();
    expect(container.querySelector('.ss-skeletons')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('keeps the previous list, marked busy, while a newer search runs', async () => {
    const { controller } = await setup();
    act(() => {
      controller.setTerm('gridx');
      controller.submit();
    });
    expect(screen.getByRole('list', { name: 'Search results' }).getAttribute('aria-busy')).toBe('true');
  });

  it('keeps the previous list on screen when the newer search stalls: busy and greyed, no skeletons, the same items', async () => {
    const { controller, calls, view } = await setup([hit({ id: 'a', title: 'Grid A' }), hit({ id: 'b', title: 'Grid B' })]);
    const before = view.container.querySelectorAll('.ss-item');
    act(() => controller.setTerm('gridx'));
    await advance(500);
    expect(controller.status.value).toBe('stalled');
    expect(view.container.querySelector('.ss-skeletons')).toBeNull();
    const list = screen.getByRole('list', { name: 'Search results' });
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(list.classList.contains('ss-updating')).toBe(true);
    // The very same elements: nothing re-mounted, so focus and scroll stay.
    const after = view.container.querySelectorAll('.ss-item');
    expect([...after]).toEqual([...before]);
    await answerLatest(calls, answer([hit({ id: 'c', title: 'Gridx C' })]));
    expect(list.getAttribute('aria-busy')).toBe('false');
    expect(list.classList.contains('ss-updating')).toBe(false);
    expect(view.container.querySelectorAll('.ss-item')).toHaveLength(1);
  });

  it('keeps "no results" on screen, busy and greyed, while a newer search stalls', async () => {
    const { controller, view } = await setup([]);
    act(() => controller.setTerm('gridx'));
    await advance(500);
    const empty = view.container.querySelector('.ss-empty');
    expect(empty?.getAttribute('aria-busy')).toBe('true');
    expect(empty?.classList.contains('ss-updating')).toBe(true);
    expect(view.container.querySelector('.ss-skeletons')).toBeNull();
  });

  it('shows an error with a Retry button that searches again', async () => {
    const { controller, calls } = fakeController();
    renderWith(controller, <Results />);
    act(() => {
      controller.setTerm('grid');
      controller.submit();
    });
    await act(async () => {
      calls[0]?.reject(Object.assign(new Error('rate limited'), { status: 429 }));
      await vi.advanceTimersByTimeAsync(0);
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Search failed');
    expect(alert.textContent).toContain('Too many searches');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(calls).toHaveLength(2);
    expect(calls[1]?.params.term).toBe('grid');
    await act(async () => {
      calls[1]?.resolve(answer([hit()]));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('list', { name: 'Search results' })).toBeTruthy();
  });

  it('describes a network failure', async () => {
    const { controller, calls } = fakeController();
    renderWith(controller, <Results />);
    act(() => {
      controller.setTerm('grid');
      controller.submit();
    });
    await act(async () => {
      calls[0]?.reject(Object.assign(new Error('network'), { status: 0 }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('alert').textContent).toContain('could not be reached');
  });

  it('labels a promotion “Promoted” as part of its link’s name, and shows a pinned result as any other', async () => {
    await setup([
      hit({ id: 'pinned', title: 'Account', resultType: 'pinned' }),
      hit({ id: 'promotion:help:1', title: 'Help centre', url: 'https://example.com/help', resultType: 'promotion' }),
    ]);
    expect(screen.getByRole('link', { name: 'Promoted Help centre' }).getAttribute('href')).toBe('https://example.com/help');
    expect(screen.getByRole('link', { name: 'Account' })).toBeTruthy();
    expect(screen.getAllByText('Promoted')).toHaveLength(1);
  });

  it('says “Promoted” in German', async () => {
    const { controller, calls } = fakeController();
    renderWidget(controller, <Results />, { m: de });
    await act(() => searchAndAnswer(controller, calls, 'hilfe', answer([hit({ title: 'Hilfe', resultType: 'promotion' })])));
    expect(screen.getByRole('link', { name: 'Hervorgehoben Hilfe' })).toBeTruthy();
  });
});
