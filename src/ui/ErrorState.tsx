import type { TargetedMouseEvent } from 'preact';

export interface ErrorStateProps {
  error: Error | null;
  onRetry(): void;
}

/** A sentence for the reader, from the client's error (`status` 0 means no answer came). */
function describe(error: Error | null): string {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 429) return 'Too many searches in a short time. Wait a moment, then try again.';
  if (status === 0 || error instanceof TypeError) return 'The search service could not be reached. Check your connection.';
  if (typeof status === 'number' && status >= 500) return 'The search service ran into a problem.';
  return 'The search could not be completed.';
}

/** A failed search: what went wrong, in words, and a way to try again. */
export function ErrorState({ error, onRetry }: ErrorStateProps) {
  const retry = (event: TargetedMouseEvent<HTMLButtonElement>) => {
    // The button goes away while the search runs; send focus to the search field
    // rather than letting it fall back to the page's body.
    const field = event.currentTarget.closest('.ss-widget')?.querySelector<HTMLInputElement>('input[type="search"]');
    onRetry();
    field?.focus();
  };
  return (
    <div class="ss-error" role="alert">
      <p class="ss-error-title">Search failed</p>
      <p class="ss-error-detail">{describe(error)}</p>
      <button class="ss-retry" type="button" onClick={retry}>
        Retry
      </button>
    </div>
  );
}
