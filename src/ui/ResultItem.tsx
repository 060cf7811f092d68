import type { SearchHit } from '../client/types.ts';
import { markTitle } from '../core/markTitle.ts';
import { parseHighlight } from '../core/parseHighlight.ts';
import { displayUrl, safeLinkUrl, safeText as text } from '../core/safeUrl.ts';
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
 * highlights only the passage; the title's matched words are marked here.
 */
export function ResultItem({ hit }: ResultItemProps) {
  const { m, config, suggestions } = useWidget();
  const { resultsTerm } = useSearchController();
  const href = safeLinkUrl(hit.url);
  // Long enough for the widest card: CSS ends it with an ellipsis where the space ends.
  const shownUrl = displayUrl(hit.url, 200);
  const passage = parseHighlight(text(hit.highlight));
  const title = <Highlight parts={markTitle(text(hit.title) || shownUrl || m.untitled, resultsTerm.value, passage)} />;
  const type = text(hit.document_type);
  const day = text(hit.ts).slice(0, 10);
  const date = /^\d{4}-\d\d-\d\d$/.test(day) ? new Date(`${day}T00:00Z`) : null;
  const fields = (config.fields ?? []).flatMap(({ field, label }) => {
    const shown = [hit.custom_fields?.[field]]
      .flat()
      .filter((v) => typeof v === 'string' && v)
      .join(', ');
    return shown ? (
      <span key={label}>
        {label}: {shown}
      </span>
    ) : (
      []
    );
  });
  const snippet = passage[0] ? <Highlight parts={passage} /> : text(hit.meta_description);

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
        {snippet && (
          <p class="ss-hit-snippet" dir="auto">
            {snippet}
          </p>
        )}
        {(type || date || fields[0]) && (
          <p class="ss-hit-meta">
            {type && type !== 'html' && <span class="ss-badge">{type.toUpperCase()}</span>}
            {date && !Number.isNaN(date.getTime()) && (
              <time dateTime={day}>{dateFormat(m).format(date)}</time>
            )}
            {fields}
          </p>
        )}
      </div>
    </article>
  );
}
