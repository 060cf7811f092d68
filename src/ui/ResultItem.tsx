import type { SearchHit } from '../client/types.ts';
import { hitView } from '../core/hitView.ts';
import { highlight } from './Highlight.tsx';
// The script-tag build swaps this for src/embed/lazyResultParts.tsx (vite.config.ts).
import { HitSections } from './HitSections.tsx';
import type { Messages } from './messages.ts';
import { Thumbnail } from './Thumbnail.tsx';
import type { FieldLabel } from './WidgetContext.ts';

/** What every result of one answer shares, worked out once by the list. */
export interface ResultContext {
  /** The term the results answer. */
  term: string;
  m: Messages;
  fields: FieldLabel[] | undefined;
  /**
   * The title's heading element: one level below the widget's headings; `div` in a
   * listbox, whose options are plain text to assistive technology.
   */
  heading: 'h3' | 'h4' | 'h5' | 'h6' | 'div';
  date: Intl.DateTimeFormat;
}

/**
 * One result: a heading whose link is the result's only link (stretched over the card
 * by CSS), the readable URL, the highlighted passage and a thumbnail. The title's
 * matched words come marked from the core (hitView: the service's marks, else its own).
 * A function, not a component: it reads no context, signal or state, the list gives it
 * what it needs, so a long list makes no component, hook or subscription per result.
 * The list also listens to the links' clicks.
 */
export function resultItem(hit: SearchHit, index: number, { term, m, fields, heading: H, date }: ResultContext) {
  const {
    href,
    url: shownUrl,
    section,
    title: titleParts,
    snippet: snippetParts,
    type,
    day,
    fields: shownFields,
  } = hitView(hit, term, { fields, untitled: m.untitled });
  const cut = section ? shownUrl.lastIndexOf('/') + 1 : undefined;
  // A site's promotion (a card of a query rule, not a document) says so, as part of its
  // link's name; a pinned result shows as any other.
  const title = [hit.resultType === 'promotion' && [<span class="ss-badge">{m.promoted}</span>, ' '], highlight(titleParts)];
  return (
    <article class="ss-hit" part="result">
      {/* Past the first screenful, the images wait until their card nears the screen. */}
      <Thumbnail hit={hit} whenNear={index >= 10} />
      <div class="ss-hit-body">
        {/* `auto`: an English title or passage in a right-to-left widget keeps its own direction (and its ellipsis). */}
        <H class="ss-hit-title" part="title" dir="auto">
          {href && H === 'div' ? (
            // In a listbox an option holds no link (nor anything else focusable): the option
            // is followed by the list, and the field keeps the focus.
            <span class="ss-hit-link">{title}</span>
          ) : href ? (
            <a class="ss-hit-link" href={href}>
              {title}
            </a>
          ) : (
            title
          )}
        </H>
        {shownUrl && (
          // A section of a page shows its name after the page's URL, never cut off: a page
          // and its sections would otherwise read the same. The page's last step stays with
          // it, so a cut URL reads "…/We…dialog#open", cut in the middle, not "We…#open".
          <p class="ss-hit-url" dir="ltr">
            <span>{shownUrl.slice(0, cut)}</span>
            {section && (
              <span class="ss-hit-section">
                {shownUrl.slice(cut)}#{section}
              </span>
            )}
          </p>
        )}
        {snippetParts[0] && (
          <p class="ss-hit-snippet" dir="auto">
            {highlight(snippetParts)}
          </p>
        )}
        {/* In the overlay's listbox the sections are options of their own, after this one's. */}
        {hit.sections && H !== 'div' && <HitSections hit={hit} of={titleParts} />}
        {(type || day || shownFields[0]) && (
          <p class="ss-hit-meta">
            {type && <span class="ss-badge">{type.toUpperCase()}</span>}
            {day && <time dateTime={day.text}>{date.format(day.date)}</time>}
            {shownFields.map(({ label, value }) => (
              <span key={label}>
                {label}: {value}
              </span>
            ))}
          </p>
        )}
      </div>
    </article>
  );
}
