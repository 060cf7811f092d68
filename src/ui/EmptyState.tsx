export interface EmptyStateProps {
  /** The term that found nothing. */
  term: string;
}

/** What a search that found nothing shows. */
export function EmptyState({ term }: EmptyStateProps) {
  return (
    <div class="ss-empty">
      <p class="ss-empty-title">No results for “{term}”</p>
      <p class="ss-empty-hint">Check the spelling or try fewer or more general words.</p>
    </div>
  );
}
