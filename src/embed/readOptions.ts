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
  const analytics = get('analytics');
  const tag = get('analytics-tag');
  const requireConsent = on(get('require-consent'));
  const respectGpc = on(get('respect-gpc'));
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
    analytics:
      on(analytics) === false
        ? false
        : tag !== null || requireConsent !== undefined || respectGpc !== undefined
          ? { ...(tag !== null && { tag }), ...(requireConsent !== undefined && { requireConsent }), ...(respectGpc !== undefined && { respectGpc }) }
          : config.analytics,
  };
  return { ...config, ...options };
}
