// The demo page's script: mounts the widget against the reference service that
// `npm start` runs (it passes the VITE_* variables), or the defaults below.
import { mount } from '../src/index.ts';

const env = import.meta.env as Record<string, string | undefined>;
const target = document.getElementById('search');
if (!target) throw new Error('demo: the page has no #search element');

mount(target, {
  siteKey: env.VITE_SITE_KEY ?? 'demo',
  baseUrl: env.VITE_SEARCH_API ?? 'http://127.0.0.1:8787',
  placeholder: 'Search features, e.g. grid or fetch',
});
