import { REDIRECT, REDIRECT_LINK } from './laterStyles.ts';
import { format } from './messages.ts';
import { RedirectLabel } from './RedirectLabel.tsx';
import { useSearchController } from './SearchContext.ts';
import { useWidget } from './WidgetContext.ts';

export interface EmptyStateProps {
  /** The term that found nothing. */
  term: string;
  /** A newer search runs: marked busy for assistive technology. */
  busy?: boolean;
  /** That search is slow: greyed as updating. */
  updating?: boolean;
  /** A rule's redirect for the term (a safe address): the answer, shown as a card instead of the advice. */
  redirect?: string | null | undefined;
}

/**
 * What a search that found nothing shows: advice, and the suggestions for the term (else the
 * popular searches) as one-click searches; or, when a rule redirects the term, its address as a card.
 */
export function EmptyState({ term, busy, updating, redirect }: EmptyStateProps) {
  const { m, suggestions, config } = useWidget();
  const { setTerm, submit } = useSearchController();
  if (redirect) {
    return (
      <p class={updating ? 'ss-redirect ss-updating' : 'ss-redirect'} style={REDIRECT} aria-busy={busy}>
        <a class="ss-redirect-link" style={REDIRECT_LINK} href={redirect}>
          <RedirectLabel url={redirect} />
        </a>
      </p>
    );
  }
  // The suggestions for the term, else the site's popular searches.
  // Not a rule's redirect, which is an address, not a search (the dropdown offers it).
  const offered = suggestions?.items.value.filter((item) => item.source !== 'redirect').map((item) => item.value) ?? [];
  const offers = (offered.length ? offered : (config.popularSearches ?? []))
    .filter((value) => value.toLowerCase() !== term.toLowerCase())
    .slice(0, 3)
    .map((value) => ({ value }));
  return (
    <div class={updating ? 'ss-empty ss-updating' : 'ss-empty'} aria-busy={busy}>
      <p class="ss-empty-title">{format(m, m.noResults, { term })}</p>
      <p class="ss-empty-hint">{m.noResultsHint}</p>
      {offers.length > 0 && <p class="ss-empty-hint">{m.tryFor}</p>}
      {offers.length > 0 && (
        <p class="ss-chips">
          {offers.map(({ value }) => (
            <button
              key={value}
              type="button"
              class="ss-chip"
              onClick={(event) => {
                // The chip goes with the empty state: the focus moves to the field, which now
                // holds the new term, rather than falling to the page.
                event.currentTarget.closest('.ss-widget')?.querySelector<HTMLElement>('.ss-input')?.focus();
                setTerm(value);
                submit();
              }}
            >
              {value}
            </button>
          ))}
        </p>
      )}
    </div>
  );
}
