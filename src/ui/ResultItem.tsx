import type { SearchHit } from '../client/types.ts';
import { displayUrl, safeLinkUrl, safeText as text } from '../core/safeUrl.ts';
import { Highlight } from './Highlight.tsx';
import { Thumbnail } from './Thumbnail.tsx';
import { useWidget } from './WidgetContext.ts';

export interface ResultItemProps {
  hit: SearchHit;
}

/**
 * One result: a heading whose link is the result's only link (stretched over the card
 * by CSS), the readable URL, the highlighted passage and a thumbnail.
 */
export function ResultItem({ hit }: ResultItemProps) {
  const { m, config } = useWidget();
  const href = safeLinkUrl(text(hit.url));
  const shownUrl = displayUrl(text(hit.url));
  const title = text(hit.title) || shownUrl || m.untitled;
  const type = text(hit.document_type);
  const day = text(hit.ts).slice(0, 10);
  const date = /^\d{4}-\d\d-\d\d$/.test(day) ? new Date(`${day}T00:00Z`) : null;
  const fields = (config.fields ?? []).flatMap(({ field, label }) => {
    const value = hit.custom_fields?.[field];
    const shown = (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'string' && v !== '').join(', ');
    return shown ? [[label, shown] as const] : [];
  });
  const highlight = text(hit.highlight);
  const description = text(hit.meta_description);

  return (
    <article class="ss-hit" part="result">
      <Thumbnail images={hit.images} fallbackSrc={text(hit.thumbnail_external_src)} />
      <div class="ss-hit-body">
        <h2 class="ss-hit-title" part="title">
          {href !== null ? (
            <a class="ss-hit-link" href={href}>
              {title}
            </a>
          ) : (
            title
          )}
        </h2>
        {shownUrl !== '' && <p class="ss-hit-url">{shownUrl}</p>}
        {highlight !== '' ? (
          <p class="ss-hit-snippet">
            <Highlight value={highlight} />
          </p>
        ) : (
          description !== '' && <p class="ss-hit-snippet">{description}</p>
        )}
        {(type || date || fields.length > 0) && (
          <p class="ss-hit-meta">
            {type && type !== 'html' && <span class="ss-badge">{type.toUpperCase()}</span>}
            {date && !Number.isNaN(date.getTime()) && (
              <time dateTime={day}>{date.toLocaleDateString(m.locale, { dateStyle: 'medium', timeZone: 'UTC' })}</time>
            )}
            {fields.map(([label, value]) => (
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
