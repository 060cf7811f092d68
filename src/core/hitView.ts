import type { SearchHit } from '../client/types.ts';
import { markTitle } from './markTitle.ts';
import { parseHighlight, type HighlightPart } from './parseHighlight.ts';
import { displayUrl, parseUrl, safeLinkUrl, safeText as text, urlSection } from './safeUrl.ts';

/** One result as a view shows it: every field checked and read, nothing of the answer trusted. */
export interface HitView {
  /** The link to open; null when the hit's URL is not one to link to. */
  href: string | null;
  /** The readable URL, long enough for the widest card (CSS ends it where the space ends). */
  url: string;
  /** The section of its page a hit is (its URL's fragment, `sticky` of `…/position#sticky`), shown whole after the URL; else empty. */
  section: string;
  /** The title with the searched words marked (the service's marks when it sends them); the URL, else `untitled`, when it has none. */
  title: HighlightPart[];
  /** The highlighted passage; else the meta description, unmarked; else nothing. */
  snippet: HighlightPart[];
  /** The document type when it is not a web page: `pdf`, `docx`… */
  type: string | null;
  /** The hit's day (`yyyy-MM-dd`, UTC) and that day as a date, when it has a valid one. */
  day: { text: string; date: Date } | null;
  /** The custom fields to show, by label; lists joined with commas, empty ones left out. */
  fields: Array<{ label: string; value: string }>;
}

/** What a result shows of `hit`, the answer to `term`, with the custom `fields` asked for. */
export function hitView(
  hit: SearchHit,
  term: string,
  options: { fields?: ReadonlyArray<{ field: string; label: string }> | undefined; untitled: string },
): HitView {
  const parsed = parseUrl(hit.url);
  const url = displayUrl(hit.url, 200, parsed);
  const passage = parseHighlight(text(hit.highlight));
  const meta = text(hit.meta_description);
  const type = text(hit.document_type);
  const day = text(hit.ts).slice(0, 10);
  const date = new Date(`${day}T00:00Z`);
  // `toJSON` is null for an invalid date (month 13); a day that is not in the calendar
  // (02-31) would roll over into the next month.
  const real = /^\d{4}-\d\d-\d\d$/.test(day) && !!date.toJSON()?.startsWith(day);
  return {
    href: safeLinkUrl(hit.url, parsed),
    url,
    section: urlSection(parsed),
    // The service's marks know its stop words and word forms; marked here only without them.
    title: hit.title && hit.titleHighlight ? parseHighlight(text(hit.titleHighlight)) : markTitle(text(hit.title) || url || options.untitled, term, passage),
    snippet: passage.length ? passage : meta ? [{ text: meta, em: false }] : [],
    type: type && type !== 'html' ? type : null,
    day: real ? { text: day, date } : null,
    fields: (options.fields ?? []).flatMap(({ field, label }) => {
      const value = [hit.custom_fields?.[field]]
        .flat()
        .filter((v) => typeof v === 'string' && v)
        .join(', ');
      return value ? [{ label, value }] : [];
    }),
  };
}
