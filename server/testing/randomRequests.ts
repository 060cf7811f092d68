import { DEMO_AUTH, basicAuth } from './service.ts';

export interface RandomRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array;
}

const METHODS = ['GET', 'GET', 'HEAD', 'POST', 'POST', 'PUT', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
const KEYS = ['demo', 'demo', 'demo', 'nope', 'd%00mo', 'x'.repeat(300), '%E2%9C%93', '..'];
const PATHS = [
  '/v1/search/{key}',
  '/v1/suggest/{key}',
  '/v1/autocomplete/document-field/{key}',
  '/v2/indices/{key}/documents:batch',
  '/v2/indices/{key}/documents/',
  '/v2/indices/{key}/documents/{id}',
  '/v1/indices/{key}/documents/{id}',
  '/v1/stats/{key}',
  '/v1/stats/{key}/',
  '/v1/recommendations/{key}',
  '/v2/indices/{key}/recommendations-datasets/{id}/events:batch',
  '/crawler',
  '/health',
  '/',
  '/v1/{id}',
  '/v2/indices/{key}/{id}/{id}',
];
const PARAMS = [
  'term',
  'limit',
  'page',
  'jsonp',
  'lang',
  'categories',
  'sort',
  'order',
  'fuzzy',
  'postfixWildcard',
  'dateFrom',
  'dateTo',
  'customField',
  'resultType',
  'userToken',
  'session',
  'facet',
  'numFacets',
  'rangeFacets',
  'collectAnalytics',
  'analyticsTag',
  'filter',
  'defaultOperator',
  'size',
  'source',
  'configurationKey',
  'ItemId',
  'x',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'text/plain;charset=UTF-8',
  'APPLICATION/JSON',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'x/y',
  'application/json; charset=latin1',
  '',
];

/** Random and malformed requests to every route: odd methods, parameters, bodies, content types, credentials. */
export function randomRequest(random: () => number): RandomRequest {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const method = pick(METHODS);
  const path = pick(PATHS)
    .replaceAll('{key}', () => pick(KEYS))
    .replaceAll('{id}', () => encodeURIComponent(randomText(random, 40)) || 'a');
  const query = new URLSearchParams();
  const count = Math.floor(random() * 5);
  for (let i = 0; i < count; i++) query.append(pick(PARAMS), randomValue(random));
  const headers: Record<string, string> = {};
  const auth = random();
  if (auth < 0.5) headers.authorization = DEMO_AUTH;
  else if (auth < 0.6) headers.authorization = basicAuth('demo', randomText(random, 10));
  else if (auth < 0.65) headers.authorization = 'Basic !!!';
  const request: RandomRequest = { method, path: count > 0 ? `${path}?${query}` : path, headers };
  if (method !== 'GET' && method !== 'HEAD' && random() < 0.9) {
    const type = pick(CONTENT_TYPES);
    if (type !== '') headers['content-type'] = type;
    request.body = new TextEncoder().encode(randomBody(random));
  }
  return request;
}

function randomText(random: () => number, max: number): string {
  const alphabet = ['a', 'b', 'z', ' ', '%', '&', '=', '"', '\\', '/', ':', '*', 'é', '✓', '\u0000', '<em>', '{', ']', '😀', '-1'];
  let text = '';
  const length = Math.floor(random() * max);
  for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
  return text;
}

function randomValue(random: () => number): string {
  const r = random();
  if (r < 0.2) return String(Math.floor(random() * 2000) - 500);
  if (r < 0.3) return ['true', 'false', 'auto', 'asc', 'desc', '*', 'custom_fields.price', 'date', 'relevance'][Math.floor(random() * 9)]!;
  if (r < 0.4) return JSON.stringify(randomJson(random, 3));
  if (r < 0.45) return 'x'.repeat(Math.floor(random() * 5000));
  if (r < 0.5) return '1e400';
  return randomText(random, 60);
}

function randomJson(random: () => number, depth: number): unknown {
  const r = random();
  if (depth <= 0 || r < 0.3) {
    return [null, true, 0, -1, 1.5, 2 ** 60, 'text', '', 'x'.repeat(100), '2024-01-01'][Math.floor(random() * 10)];
  }
  if (r < 0.6) return Array.from({ length: Math.floor(random() * 4) }, () => randomJson(random, depth - 1));
  const keys = [
    'action',
    'session',
    'keyword',
    'numberOfResults',
    'docid',
    'position',
    'tag',
    'documents',
    'events',
    'id',
    'url',
    'title',
    'custom_fields',
    'doc_date',
    'transaction',
    'item',
    'time',
    '__proto__',
    'constructor',
  ];
  const object: Record<string, unknown> = {};
  for (let i = Math.floor(random() * 6); i > 0; i--) object[keys[Math.floor(random() * keys.length)]!] = randomJson(random, depth - 1);
  return object;
}

function randomBody(random: () => number): string {
  const r = random();
  if (r < 0.4) return JSON.stringify(randomJson(random, 4));
  if (r < 0.5) {
    const events = [{ action: 'search', session: 's', keyword: 'k', numberOfResults: 1 }];
    return JSON.stringify(random() < 0.5 ? events[0] : { documents: [{ id: 'fuzz', title: randomText(random, 30) }] });
  }
  if (r < 0.6) return JSON.stringify(randomJson(random, 4)).slice(0, -1);
  if (r < 0.65) return '['.repeat(5000) + ']'.repeat(5000);
  if (r < 0.67) return JSON.stringify({ documents: [{ id: 'big', main_content: 'y'.repeat(1_100_000) }] });
  if (r < 0.7) return '';
  if (r < 0.75) return '\uFEFF{"a":1}';
  return randomText(random, 200);
}
