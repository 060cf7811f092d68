import { effect } from '@preact/signals';
import type { SearchController } from '../core/createSearchController.ts';
import { clickPosition } from '../tracker/clickPosition.ts';
import type { Tracker } from '../tracker/createTracker.ts';

/**
 * Feeds `tracker` from a widget: the searches whose results the controller shows, and
 * the clicks on result links inside `root` (listened to on `root` as they come down to
 * the element clicked, so the components need not know), a section's link as its page's. Left click, Ctrl/Cmd-click and Enter on a link are `click` events,
 * a middle click is `auxclick` with button 1; a right click is neither. Returns a stop.
 */
export function trackSearch(controller: SearchController, root: Pick<Element, 'addEventListener'>, tracker: Tracker): () => void {
  const { sent, results, resultsTerm, limit } = controller;
  // The page of the newest hits on screen: `sent` moves on as soon as another page is asked for.
  let page = 1;
  // A new request means the search on screen is being replaced.
  const stopSent = effect(() => void (sent.value, tracker.cancel()));
  const stopResults = effect(() => {
    const response = results.value;
    const request = sent.peek();
    if (response && request) {
      const { term, filters } = request.state;
      page = request.state.page;
      tracker.shown(resultsTerm.peek(), response.total_hits, JSON.stringify([term, filters]), request.commit);
    }
  });
  const onClick = (event: Event) => {
    // A card on the results page counts when its link is followed; an overlay's option (with
    // `data-hit`) is followed wherever it is clicked (its address, its passage), so from anywhere.
    const item = (event.target as Element).closest?.('.ss-hit-link, .ss-section-link, [data-hit]')?.closest<HTMLElement>('[data-hit], .ss-item');
    const response = results.peek();
    if ((event as MouseEvent).button > 1 || !item?.parentElement || !response) return;
    // The overlay's options say which hit they show (a section's, its page's): "Go to" and the sections stand among the hits there.
    const index = Number(item.dataset.hit ?? Array.prototype.indexOf.call(item.parentElement.children, item));
    const id = response.hits[index]?.id;
    if (id) {
      tracker.click(resultsTerm.peek(), id, clickPosition(page, limit, response.hits.length, index));
    }
  };
  // The form's own handler ran first: a new request has cancelled the old search, while
  // Enter on the search already shown makes it count.
  const onSubmit = () => tracker.settle();
  const listening = new AbortController();
  const { signal } = listening;
  const down = { signal, capture: true };
  // Clicks on the way down, before the element clicked acts: an overlay's option follows its
  // address in its own handler, and a page that is leaving for another site's may not send
  // what it sends after (once that page comes in, it is lost). A link follows after every
  // handler anyway.
  root.addEventListener('click', onClick, down);
  root.addEventListener('auxclick', onClick, down);
  root.addEventListener('submit', onSubmit, { signal });
  return () => {
    stopSent();
    stopResults();
    listening.abort();
  };
}
