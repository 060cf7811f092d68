// The page of tracker.spec.ts (served by the e2e Vite server): the widget against the
// service named by `?api=`, with the search kept in the address so Back restores it.
import { mount } from '../src/index.ts';
import '../src/ui/styles.css';

const api = new URLSearchParams(location.search).get('api') ?? '';
mount(document.getElementById('search')!, { siteKey: 'demo', baseUrl: api, url: true, suggestions: false });
