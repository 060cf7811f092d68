// @ts-check
// What a web developer writes after `npm install site-search-widget preact @preact/signals`:
// the package by its name, its stylesheet, and the client on its own entry.
import { mount, de } from 'site-search-widget';
import { createClient } from 'site-search-widget/client';
import 'site-search-widget/style.css';

const baseUrl = import.meta.env.VITE_SEARCH_API ?? 'http://127.0.0.1:8787';
const target = document.getElementById('search');
if (!target) throw new Error('no #search element');

const widget = mount(target, {
  siteKey: 'demo',
  baseUrl,
  facets: [{ field: 'area', label: 'Area' }],
  messages: new URLSearchParams(location.search).get('lang') === 'de' ? de : undefined,
});
// The typed client works without the widget, e.g. for a count in the heading.
createClient({ siteKey: 'demo', baseUrl })
  .search({ term: '*', limit: 1 })
  .then(({ total_hits }) => document.querySelector('h1')?.setAttribute('data-documents', String(total_hits)));
Object.assign(window, { widget });
