import { useEffect, useId } from 'preact/hooks';
import type { Recommendations as RecommendationsModel } from '../core/createRecommendations.ts';
import { displayUrl, safeLinkUrl, safeText as text } from '../core/safeUrl.ts';
import { en, type Messages } from './messages.ts';
import { Thumbnail } from './Thumbnail.tsx';

export interface RecommendationsProps {
  recommendations: RecommendationsModel;
  /** @default en */
  messages?: Messages | undefined;
  /** @default 'auto' */
  theme?: 'auto' | 'light' | 'dark' | undefined;
  /** Heading text. @default messages.related */
  title?: string | undefined;
}

/** Moves focus between the links of the row: arrows step (mirrored in RTL), Home and End jump. */
function onKeyDown(event: KeyboardEvent) {
  const list = event.currentTarget as HTMLElement;
  const links = Array.from(list.querySelectorAll<HTMLAnchorElement>('a.ss-rec-link'));
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (at < 0) return;
  const rtl = getComputedStyle(list).direction === 'rtl';
  const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, ArrowDown: 1, ArrowUp: -1 }[event.key];
  const next = event.key === 'Home' ? 0 : event.key === 'End' ? links.length - 1 : step === undefined ? -1 : at + step;
  if (next < 0 || next >= links.length) return;
  event.preventDefault();
  links[next]!.focus();
  links[next]!.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
}

/**
 * A labelled, horizontally scrolling row of related items, each a link with a thumbnail.
 * Loading shows a quiet line, nothing related renders nothing, an error a quiet line.
 */
export function Recommendations({ recommendations, messages: m = en, theme = 'auto', title }: RecommendationsProps) {
  const id = useId();
  useEffect(() => () => recommendations.dispose(), [recommendations]);
  const status = recommendations.status.value;
  if (status === 'empty') return null;
  const heading = title ?? m.related;
  return (
    <section class={`ss-widget ss-${theme} ss-recs`} aria-labelledby={id} aria-busy={status === 'loading'} dir={m.dir} lang={m.locale}>
      <h2 class="ss-recs-title" id={id}>
        {heading}
      </h2>
      {status === 'loading' && <p class="ss-recs-note">{m.searching}</p>}
      {status === 'error' && (
        <p class="ss-recs-note" role="status">
          {m.relatedError}
        </p>
      )}
      {status === 'done' && (
        <ul class="ss-recs-list" onKeyDown={onKeyDown}>
          {recommendations.hits.value.map((hit, i) => {
            const href = safeLinkUrl(text(hit.url));
            // Narrow cards: let long dotted names (`Element.offsetParent`) wrap after a dot,
            // not in the middle of a word.
            const parts = (text(hit.title) || displayUrl(text(hit.url)) || m.untitled).split('.');
            const name = parts.map((part, n) => [part, n < parts.length - 1 && ['.', <wbr />]]);
            return (
              <li class="ss-rec" key={hit.id} data-id={hit.id}>
                <Thumbnail images={hit.images} fallbackSrc={text(hit.thumbnail_external_src)} />
                {href !== null ? (
                  <a
                    class="ss-rec-link"
                    href={href}
                    onClick={() => recommendations.click(hit, i + 1)}
                    // A middle click opens the item in a new tab: a click too; a right click is not.
                    onAuxClick={(event) => event.button === 1 && recommendations.click(hit, i + 1)}
                  >
                    {name}
                  </a>
                ) : (
                  <span class="ss-rec-link">{name}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
