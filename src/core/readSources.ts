import type { SourceOption } from './createSources.ts';

/**
 * The `sources` option as the widget takes it: a list as it is, or the script tag's text
 * (`data-sources`): a JSON list, or `siteKey:Label` pairs split by commas, each with an
 * optional `:limit` (`docs:Docs:5, blog:Blog:3`). A pair without a label is named by its key;
 * one without a key is left out.
 */
export function readSources(value: readonly SourceOption[] | string): SourceOption[] {
  if (typeof value !== 'string') return [...value];
  if (value.trim().startsWith('[')) {
    try {
      const list: unknown = JSON.parse(value);
      if (Array.isArray(list)) return list.filter((item): item is SourceOption => typeof item?.siteKey === 'string' && !!item.siteKey);
    } catch {
      // Said below, as any other text that holds no source.
    }
    console.error('Site Search: the sources attribute is not a valid JSON list; it is ignored.');
    return [];
  }
  return value.split(',').flatMap((pair) => {
    const [siteKey = '', label, limit] = pair.split(':').map((part) => part.trim());
    return siteKey ? [{ siteKey, label: label || siteKey, limit: Number(limit) > 0 ? Number(limit) : undefined }] : [];
  });
}
