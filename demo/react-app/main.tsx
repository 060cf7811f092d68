// What a React developer writes after `npm install site-search-widget preact @preact/signals`:
// the component from the package's React entry, its stylesheet, a ref to search from outside.
import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { SiteSearch, type SiteSearchHandle } from 'site-search-widget/react';
import 'site-search-widget/style.css';

const baseUrl = import.meta.env.VITE_SEARCH_API ?? 'http://127.0.0.1:8787';

function App() {
  const [shown, setShown] = useState(true);
  const [total, setTotal] = useState<number>();
  const search = useRef<SiteSearchHandle>(null);
  return (
    <main>
      <h1>A React app with the search</h1>
      <p>
        <button type="button" onClick={() => setShown(!shown)}>
          {shown ? 'Remove the search' : 'Add the search'}
        </button>{' '}
        <button type="button" onClick={() => search.current?.search('grid')}>
          Search for grid
        </button>
      </p>
      <p id="total">{total === undefined ? 'No search yet' : `${total} found`}</p>
      {shown && (
        <SiteSearch ref={search} siteKey="demo" baseUrl={baseUrl} facets={[{ field: 'area', label: 'Area' }]} onResults={(r) => setTotal(r.total_hits)} />
      )}
    </main>
  );
}

const root = document.getElementById('app');
if (!root) throw new Error('no #app element');
// Strict mode mounts, unmounts and mounts again in development: the widget must not mind.
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
