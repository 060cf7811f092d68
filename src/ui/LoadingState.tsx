const ROWS = [0, 1, 2];

/**
 * Placeholder rows while a search is stalled. Hidden from assistive technology: the
 * stats line announces "Searching…" instead.
 */
export function LoadingState() {
  return (
    <div class="ss-skeletons" aria-hidden="true">
      {ROWS.map((row) => (
        <div class="ss-skeleton" key={row}>
          <div class="ss-skeleton-thumb" />
          <div class="ss-skeleton-lines">
            <div class="ss-skeleton-line ss-skeleton-title" />
            <div class="ss-skeleton-line ss-skeleton-short" />
            <div class="ss-skeleton-line" />
          </div>
        </div>
      ))}
    </div>
  );
}
