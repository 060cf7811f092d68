import type { MountOptions } from '../ui/mount.tsx';
import { en } from '../ui/messages.ts';
import { messagesOf } from './loadLanguage.ts';

/** How an attribute's text (null when absent) reads; undefined or null leaves the option to `config`. */
type Parse = (text: string | null) => unknown;

const text: Parse = (text) => text;

/** `area:Area, status` → `[{ field: 'area', label: 'Area' }, { field: 'status', label: 'status' }]`. */
const labels: Parse = (text) =>
  text?.split(',').map((pair) => {
    const [field = '', label] = pair.split(':').map((s) => s.trim());
    return { field, label: label || field };
  });

/** The text if it is one of the space-separated `values`. */
const oneOf =
  (values: string): Parse =>
  (text) =>
    values.split(' ').find((v) => v === text);

/** A switch: absent is unset, `off` and `false` are off, anything else (even empty) is on. */
const on: Parse = (text) => (text === null ? text : !/^(off|false)$/.test(text));

/** A required text: the empty string when absent, never taken from `config`. */
const required: Parse = (text) => text ?? '';

/** Attribute → how it reads; the option it sets is its name in camel case, or in `RENAMED`. */
type Table = Record<string, Parse>;

const OPTIONS: Table = {
  'site-key': required,
  api: required,
  'regional-api': text,
  layout: oneOf('page overlay'),
  theme: oneOf('auto light dark'),
  placeholder: text,
  lang: (code) => messagesOf(code ?? undefined),
  url: (prefix) => (prefix === null ? prefix : { prefix }),
  limit: (text) => Math.max(Number(text), 0) || undefined,
  facets: labels,
  sorts: labels,
  fields: labels,
  paging: oneOf('pages more'),
  suggestions: on,
  'recent-searches': on,
  'results-url': text,
  shortcut: on,
  'user-token': text,
  // Read by the widget (readSources): a JSON list, or `siteKey:Label:limit` pairs.
  sources: text,
};

/** The tracker's settings the attributes give. */
const TRACKER: Table = { 'analytics-tag': text, 'require-consent': on, 'respect-gpc': on };

const RENAMED: Record<string, string> = { api: 'baseUrl', 'regional-api': 'regionalUrl', lang: 'messages', 'analytics-tag': 'tag' };

/** The attributes `readOptions` knows, as the custom element observes them (the script tag puts `data-` before each). */
export const ATTRIBUTES = [...Object.keys(OPTIONS), ...Object.keys(TRACKER), 'analytics', 'config', 'messages'];

/** An attribute's JSON object; none, and said on the console, when it is not JSON. */
function json(get: (name: string) => string | null, name: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(get(name) ?? 'null') ?? undefined;
  } catch {
    console.error(`Site Search: the ${name} attribute is not valid JSON; it is ignored.`);
    return undefined;
  }
}

/** Every option of `table`, from its attribute or else from `fallback`. */
function fill(table: Table, get: (name: string) => string | null, fallback: Record<string, unknown> = {}) {
  const options: Record<string, unknown> = {};
  for (const [attribute, parse] of Object.entries(table)) {
    const option = RENAMED[attribute] ?? attribute.replace(/-(.)/g, (_, c: string) => c.toUpperCase());
    options[option] = parse(get(attribute)) ?? fallback[option];
  }
  return options;
}

/**
 * The `mount` options an element's attributes say, `get` reading one by name. Every
 * key the attributes know is present (undefined when neither the attribute nor the
 * `config` JSON gives it), so an attribute taken away resets its option on `update`.
 */
export function readOptions(get: (name: string) => string | null): MountOptions {
  const config = json(get, 'config') ?? {};
  // None of the tracker's attributes given leaves `config.analytics`.
  const tracker = fill(TRACKER, get);
  const options = fill(OPTIONS, get, config);
  // The site's own words, over those of the language: read through to them, so that English
  // words added to `en` later (site-search.more.js's) show too.
  const own = json(get, 'messages');
  if (own) options.messages = Object.assign(Object.create((options.messages as object | undefined) ?? en) as object, own);
  return {
    ...config,
    ...options,
    analytics: on(get('analytics')) === false ? false : Object.values(tracker).some((v) => v !== undefined) ? tracker : config.analytics,
  } as unknown as MountOptions;
}
