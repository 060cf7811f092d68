import type { TargetedMouseEvent } from 'preact';
import type { Messages } from './messages.ts';
import { useWidget } from './WidgetContext.ts';

export interface ErrorStateProps {
  error: Error | null;
  onRetry(): void;
}

/** A sentence for the reader, from the client's error (`status` 0 means no answer came). */
function describe(m: Messages, error: Error | null): string {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 429) return m.errorRate;
  if (status === 0 || error instanceof TypeError) return m.errorNetwork;
  if (typeof status === 'number' && status >= 500) return m.errorServer;
  return m.errorOther;
}

/** A failed search: what went wrong, in words, and a way to try again. */
export function ErrorState({ error, onRetry }: ErrorStateProps) {
  const { m } = useWidget();
  const retry = (event: TargetedMouseEvent<HTMLButtonElement>) => {
    // The button goes away while the search runs; send focus to the search field
    // rather than letting it fall back to the page's body.
    const field = event.currentTarget.closest('.ss-widget')?.querySelector<HTMLInputElement>('input[type="search"]');
    onRetry();
    field?.focus();
  };
  return (
    <div class="ss-error" role="alert">
      <p class="ss-error-title">{m.errorTitle}</p>
      <p class="ss-error-detail">{describe(m, error)}</p>
      <button class="ss-retry" type="button" onClick={retry}>
        {m.retry}
      </button>
    </div>
  );
}
