import type { SearchHit } from '../client/types.ts';
import { hitView } from '../core/hitView.ts';
import { Heading } from './Heading.tsx';
import { Highlight } from './Highlight.tsx';
import { dateFormat } from './messages.ts';
import { useSearchController } from './SearchContext.ts';
import { Thumbnail } from './Thumbnail.tsx';
import { useWidget } from './WidgetContext.ts';

export interface ResultItemProps {
  hit: SearchHit;
}

/**
 * One result: a heading whose link is the result's only link (stretched over the card
 * by CSS), the readable URL, the highlighted passage and a thumbnail. The service
 * highlights only the passage; the title's matched words are marked in the core (hitView).
 */
export function ResultItem({ hit }: ResultItemProps) {
  const { m, config, suggestions } = useWidget();
  const { resultsTerm } = useSearchController();
  const {
    href,
    url: shownUrl,
    title: titleParts,
    snippet: snippetParts,
    type,
    day,
    fields,
  } = hitView(hit, resultsTerm.value, { fields: config.fields, untitled: m.untitled });
  const title = <Highlight parts={titleParts} />;
  return (
    <article class="ss-hit" part="result">
      <Thumbnail hit={hit} />
      <div class="ss-hit-body">
        {/* `auto`: an English title or passage in a right-to-left widget keeps its own direction (and its ellipsis). */}
        <Heading sub class="ss-hit-title" part="title" dir="auto">
          {href ? (
            <a
              class="ss-hit-link"
              href={href}
              // Opened (also with Enter, or in a new tab with the middle button): the search found something worth keeping.
              onClick={() => suggestions?.remember(resultsTerm.value)}
              onAuxClick={(event) => event.button === 1 && suggestions?.remember(resultsTerm.value)}
            >
              {title}
            </a>
          ) : (
            title
          )}
        </Heading>
        {shownUrl && (
          <p class="ss-hit-url" dir="ltr">
            {shownUrl}
          </p>
        )}
        {snippetParts[0] && (
          <p class="ss-hit-snippet" dir="auto">
            <Highlight parts={snippetParts} />
          </p>
        )}
        {(type || day || fields[0]) && (
          <p class="ss-hit-meta">
            {type && <span class="ss-badge">{type.toUpperCase()}</span>}
            {day && <time dateTime={day.text}>{dateFormat(m).format(day.date)}</time>}
            {fields.map(({ label, value }) => (
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
