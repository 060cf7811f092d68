import type { SearchHit } from '../client/types.ts';
import { displayUrl, safeLinkUrl } from '../core/safeUrl.ts';
import { Highlight } from './Highlight.tsx';
import { Thumbnail } from './Thumbnail.tsx';

export interface ResultItemProps {
  hit: SearchHit;
}

/** Only strings reach the DOM: a misbehaving API could send objects or numbers. */
function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * One result: a heading whose link is the result's only link (stretched over the card
 * by CSS), the readable URL, the highlighted passage and a thumbnail.
 */
export function ResultItem({ hit }: ResultItemProps) {
  const href = safeLinkUrl(text(hit.url));
  const shownUrl = displayUrl(text(hit.url));
  const title = text(hit.title) || shownUrl || 'Untitled';
  const highlight = text(hit.highlight);
  const description = text(hit.meta_description);

  return (
    <article class="ss-hit">
      <Thumbnail images={hit.images} fallbackSrc={text(hit.thumbnail_external_src)} />
      <div class="ss-hit-body">
        <h2 class="ss-hit-title">
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
      </div>
    </article>
  );
}
