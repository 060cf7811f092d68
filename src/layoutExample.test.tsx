// The README's "A layout of your own", as written there: the exported parts under the
// two providers search and show results without SearchWidget.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { fakeFetch } from './client/fakeFetch.ts';
import { createClient, createSearchController, en, Pager, Results, SearchBox, SearchContext, WidgetContext } from './index.ts';
import { hit } from './ui/testing.tsx';

afterEach(cleanup);

it('lays the exported parts out under SearchContext and WidgetContext', async () => {
  const { fetcher } = fakeFetch(() =>
    Response.json({ total_hits: 1, processing_time_ms: 1, hits: [hit({ id: 'a', title: 'Grid layout', url: 'https://example.com/grid' })] }),
  );
  const controller = createSearchController({ client: createClient({ siteKey: 'KEY', baseUrl: 'https://api.test', fetch: fetcher }) });
  render(
    <SearchContext.Provider value={controller}>
      <WidgetContext.Provider value={{ m: en, config: {}, suggestions: null }}>
        <div class="ss-widget ss-auto">
          <header>
            <SearchBox />
          </header>
          <main>
            <Results />
            <Pager />
          </main>
        </div>
      </WidgetContext.Provider>
    </SearchContext.Provider>,
  );
  expect(screen.getByRole('searchbox')).toBeTruthy();
  controller.setTerm('grid');
  controller.submit();
  expect(await screen.findByRole('link', { name: /Grid layout/ })).toBeTruthy();
  controller.dispose();
});
