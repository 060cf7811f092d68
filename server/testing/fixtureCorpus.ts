import type { IndexDocument } from '../../src/client/types.ts';

/** A 1x1 PNG, as a data URL: a valid `thumbnail_b64`. */
export const TINY_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * A small corpus whose every field value is chosen so tests can assert exact hits,
 * orders and counts. `price` is an integer field, `rating` a double, `tags` and `city`
 * text (tags multi-valued). The `undated` document has no doc_date and no fields.
 */
export const FIXTURE_DOCUMENTS: IndexDocument[] = [
  {
    id: 'widget-guide',
    url: 'https://docs.example.com/guides/widgets/search-widget.html',
    title: 'Search Widget Guide',
    main_content: 'The search widget shows results as you type. Configure the widget with data attributes on the script tag.',
    language: 'en',
    doc_date: '2024-03-01',
    thumbnail_external_src: 'https://docs.example.com/img/widget.png',
    thumbnail_b64: TINY_PNG,
    custom_fields: { brand: 'Acme', price: 120, rating: 4.5, tags: ['ui', 'search'], color: 'Red', city: 'Zürich' },
  },
  {
    id: 'widget-api',
    url: 'https://docs.example.com/api/widget-api.html',
    title: 'Widget API Reference',
    main_content: 'Every option of the widget API, with examples for developers.',
    language: 'en',
    doc_date: '2024-01-15',
    custom_fields: { brand: 'Acme', price: 80, rating: 3.8, tags: ['api'], color: 'Blue', city: 'Zürich' },
  },
  {
    id: 'cafe-creme',
    url: 'https://blog.example.com/posts/cafe-creme.html',
    title: 'Café Crème at Home',
    main_content: 'How to make a café crème at home: coffee, hot milk and patience.',
    language: 'fr',
    doc_date: '2023-06-10T08:30:00+02:00',
    custom_fields: { brand: 'Bistro', price: 15, rating: 4.9, tags: ['food', 'coffee'], color: 'Brown', city: 'São Paulo' },
  },
  {
    id: 'annual-report',
    url: 'https://docs.example.com/reports/annual-report.pdf',
    title: 'Annual Report 2023',
    main_content: 'Revenue grew in every region. The report covers search adoption and widget sales.',
    language: 'en',
    doc_date: '1700000000000',
    custom_fields: { brand: 'Globex', price: 0, rating: 2.5, tags: ['finance', 'report'], color: 'Red', city: 'Zug' },
  },
  {
    id: 'kubernetes',
    url: 'https://ops.example.com/handbook/deploy/kubernetes.html',
    title: 'Kubernetes Deployment Handbook',
    main_content: 'Deploying containers with kubernetes requires manifests and patience.',
    language: 'en',
    doc_date: '2022-11-20T10:00:00Z',
    custom_fields: { brand: 'Globex', price: 300, rating: 4.1, tags: ['ops'], color: 'Green', city: 'New York' },
  },
  {
    id: 'resume',
    url: 'https://blog.example.com/posts/resume-tips.html',
    title: 'Résumé Writing Tips',
    main_content: 'Write a résumé that stands out. Naïve approaches fail; a crisp résumé wins.',
    language: 'en',
    doc_date: '2023-09-05',
    custom_fields: { brand: 'Initech', price: 25, rating: 3.2, tags: ['career'], color: 'Blue' },
  },
  {
    id: 'suche',
    url: 'https://de.example.com/hilfe/suche.html',
    title: 'Suchmaschine für Websites',
    main_content: 'Die Suche findet Seiten schnell. Das Widget zeigt Ergebnisse sofort.',
    language: 'de',
    doc_date: '2024-02-10',
    custom_fields: { brand: 'Acme', price: 95, rating: 4, tags: ['search', 'german'], color: 'Red' },
  },
  {
    id: 'manual',
    url: 'https://docs.example.com/files/widget-manual.docx',
    title: 'Printable Widget Manual',
    main_content: 'A printable manual for offline readers of the widget documentation.',
    language: 'en',
    doc_date: '2021-05-01',
    custom_fields: { brand: 'Initech', price: 45, rating: 3.5, tags: ['manual'], color: 'Green' },
  },
  {
    id: 'slides',
    url: 'https://docs.example.com/talks/search-talk.pptx',
    title: 'Search Talk Slides',
    main_content: 'Slides about relevance, ranking and fuzzy matching.',
    language: 'en',
    doc_date: '2023-03-03',
    custom_fields: { brand: 'Globex', price: 60, tags: ['talk', 'search'], color: 'Black' },
  },
  {
    id: 'undated',
    url: 'https://docs.example.com/misc/undated.html',
    title: 'Undated Page',
    main_content: 'This page has no date and no custom fields at all.',
  },
  {
    id: 'hostile',
    url: 'https://evil.example.org/x/payload.html',
    title: 'Hostile <b>Markup</b> Page',
    main_content: `Beware <script>alert("xss")</script> & <img src=x onerror="alert('owned')"> near the quokka & its friends.`,
    language: 'en',
    doc_date: '2020-01-01',
    custom_fields: { brand: 'Evil & Co', price: 666, color: 'Black' },
  },
  {
    id: 'long-read',
    url: 'https://blog.example.com/posts/long-read.html',
    title: 'A Long Read',
    main_content: `${'Filler words keep going on and on without any point. '.repeat(40)}Then a zebra appears in the middle of the text. ${'More filler follows the animal for a long while. '.repeat(40)}`,
    language: 'en',
    doc_date: '2019-07-07',
    custom_fields: { brand: 'Initech', price: 5, color: 'White' },
  },
];

/** Ids of the fixture documents, for asserting sets of hits. */
export const FIXTURE_IDS = FIXTURE_DOCUMENTS.map((d) => d.id!);
