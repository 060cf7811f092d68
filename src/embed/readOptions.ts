import type { AnalyticsOptions } from '../tracker/createTracker.ts';
import type { MountOptions } from '../ui/mount.tsx';
import type { FieldLabel } from '../ui/WidgetContext.ts';
import { german } from './loadGerman.ts';

/** The attributes `readOptions` knows, as the custom element observes them (the script tag puts `data-` before each). */
export const ATTRIBUTES = (
  'site-key api regional-api layout theme placeholder lang url limit facets sorts fields paging ' +
  'suggestions shortcut analytics analytics-tag require-consent respect-gpc config'
).split(' ');

/** `area:Area, status` → `[{ field: 'area', label: 'Area' }, { field: 'status', label: 'status' }]`. */
const labels = (text: string | null): FieldLabel[] | undefined =>
  text?.split(',').map((pair) => {
    const [field = '', label] = pair.split(':').map((s) => s.trim());
    return { field, label: label || field };
  });

/** `text` if it is one of `values`. */
const oneOf = <T extends string>(text: string | null, values: T[]) => values.find((v) => v === text);

/** A switch: absent is unset, `off` and `false` are off, anything else (even empty) is on. */
const on = (text: string | null) => (text === null ? undefined : !/^(off|false)$/.test(text));

/**
 * The `mount` options an element's attributes say, `get` reading one by name. Every
 * key the attributes know is present (undefined when neither the attribute nor the
 * `config` JSON gives it), so an attribute taken away resets its option on `update`.
 */
export function readOptions(get: (name: string) => string | null): MountOptions {
  let config: Partial<MountOptions> = {};
  try {
    config = JSON.parse(get('config') ?? '{}') as Partial<MountOptions>;
  } catch {
    console.error('Site Search: the config attribute is not valid JSON; it is ignored.');
  }
  const url = get('url');
  const limit = Number(get('limit'));
  // The tracker's settings the attributes give; none given leaves `config.analytics`.
  const tracker: AnalyticsOptions = {};
  const tag = get('analytics-tag');
  const requireConsent = on(get('require-consent'));
  const respectGpc = on(get('respect-gpc'));
  if (tag !== null) tracker.tag = tag;
  if (requireConsent !== undefined) tracker.requireConsent = requireConsent;
  if (respectGpc !== undefined) tracker.respectGpc = respectGpc;
  const options: MountOptions = {
    siteKey: get('site-key') ?? '',
    baseUrl: get('api') ?? '',
    regionalUrl: get('regional-api') ?? config.regionalUrl,
    layout: oneOf(get('layout'), ['page', 'overlay']) ?? config.layout,
    theme: oneOf(get('theme'), ['auto', 'light', 'dark']) ?? config.theme,
    placeholder: get('placeholder') ?? config.placeholder,
    messages: (get('lang') === 'de' && german()) || config.messages,
    url: url === null ? config.url : { prefix: url },
    limit: limit > 0 ? limit : config.limit,
    facets: labels(get('facets')) ?? config.facets,
    sorts: labels(get('sorts')) ?? config.sorts,
    fields: labels(get('fields')) ?? config.fields,
    paging: oneOf(get('paging'), ['pages', 'more']) ?? config.paging,
    suggestions: on(get('suggestions')) ?? config.suggestions,
    shortcut: on(get('shortcut')) ?? config.shortcut,
    analytics: on(get('analytics')) === false ? false : Object.keys(tracker).length ? tracker : config.analytics,
  };
  return { ...config, ...options };
}
