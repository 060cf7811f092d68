import { useEffect, useMemo } from 'preact/hooks';
import type { RecommendationHit } from '../client/types.ts';
import type { Recommendations as RecommendationsModel } from '../core/createRecommendations.ts';
import { displayUrl, safeLinkUrl, safeText as text } from '../core/safeUrl.ts';
import { en, type Messages } from './messages.ts';
import { themeClass } from './themeClass.ts';
import { Thumbnail } from './Thumbnail.tsx';

export interface RecommendationsProps {
  recommendations: RecommendationsModel;
  /** @default en */
  messages?: Messages | undefined;
  /** @default 'auto' */
  theme?: 'auto' | 'light' | 'dark' | undefined;
  /** Heading text. @default messages.related */
  title?: string | undefined;
  /** Called when an item is opened (a click or a middle click), with its position from 1: to report it. */
  onHitClick?: ((hit: RecommendationHit, position: number) => void) | undefined;
}

/** Moves focus between the links of the row: arrows step (mirrored in RTL), Home and End jump. */
function onKeyDown(event: KeyboardEvent) {
  const list = event.currentTarget as HTMLElement;
  const links = [...list.querySelectorAll<HTMLElement>('a.ss-rec-link')];
  const { key } = event;
  const back = getComputedStyle(list).direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
  const at = links.indexOf(event.target as HTMLElement);
  const link =
    links[key === 'Home' ? 0 : key === 'End' ? links.length - 1 : key === back || key === 'ArrowUp' ? at - 1 : key.startsWith('Arrow') ? at + 1 : -1];
  if (link) {
    event.preventDefault();
    link.focus();
    link.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }
}

/**
 * A labelled, horizontally scrolling row of related items, each a link with a thumbnail.
 * Loading shows a quiet line, nothing related renders nothing, an error a quiet line.
 */
export function Recommendations({ recommendations, messages: m = en, theme = 'auto', title, onHitClick }: RecommendationsProps) {
  useEffect(() => () => recommendations.dispose(), [recommendations]);
  // Read from the page once, not at every change of the row.
  const scheme = useMemo(() => themeClass(theme), [theme]);
  const status = recommendations.status.value;
  if (status === 'empty') return null;
  const heading = title ?? m.related;
  // Named by aria-label, not aria-labelledby: Preact's useId counts from P0-0 again in every
  // render root, and each mountRecommendations is one, so two rows on a page would share an id.
  return (
    <section class={`ss-widget ${scheme} ss-recs`} aria-label={heading} aria-busy={status === 'loading'} dir={m.dir} lang={m.locale}>
      {/* dir="auto": a title in the page's language may run the other way than the widget's. */}
      <h2 class="ss-recs-title" dir="auto">
        {heading}
      </h2>
      {status !== 'done' ? (
        <p class="ss-recs-note" role={status === 'error' ? 'status' : undefined}>
          {status === 'error' ? m.relatedError : m.searching}
        </p>
      ) : (
        <ul class="ss-recs-list" onKeyDown={onKeyDown}>
          {recommendations.hits.value.map((hit, i) => {
            const href = safeLinkUrl(hit.url);
            // Narrow cards: let long dotted names (`Element.offsetParent`) wrap after a dot,
            // not in the middle of a word.
            const name = (text(hit.title) || displayUrl(hit.url) || m.untitled).split('.').map((part, n) => (n ? ['.', <wbr />, part] : part));
            // A middle click opens the item in a new tab: a click too; a right click is not.
            const click = (event: MouseEvent) => event.button < 2 && onHitClick?.(hit, i + 1);
            return (
              <li class="ss-rec" key={hit.id} data-id={hit.id}>
                <Thumbnail hit={hit} />
                {href ? (
                  <a class="ss-rec-link" href={href} dir="auto" onClick={click} onAuxClick={click}>
                    {name}
                  </a>
                ) : (
                  <span class="ss-rec-link" dir="auto">
                    {name}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
