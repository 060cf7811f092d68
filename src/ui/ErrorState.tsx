import type { TargetedMouseEvent } from 'preact';
import { useWidget } from './WidgetContext.ts';

export interface ErrorStateProps {
  error: Error | null;
  onRetry(): void;
}

/**
 * A failed search: what went wrong, in words (from the client's error, whose `status`
 * 0 means no answer came), and a way to try again.
 */
export function ErrorState({ error, onRetry }: ErrorStateProps) {
  const { m } = useWidget();
  const status = (error as { status?: number } | null)?.status ?? NaN;
  const retry = (event: TargetedMouseEvent<HTMLButtonElement>) => {
    // The button goes away while the search runs; send focus to the search field
    // rather than letting it fall back to the page's body.
    const field = event.currentTarget.closest('.ss-widget')?.querySelector<HTMLElement>('.ss-input');
    onRetry();
    field?.focus();
  };
  return (
    <div class="ss-error" role="alert">
      <p class="ss-error-title">{m.errorTitle}</p>
      <p class="ss-error-detail">
        {status === 429 ? m.errorRate : status === 0 || error instanceof TypeError ? m.errorNetwork : status >= 500 ? m.errorServer : m.errorOther}
      </p>
      <button type="button" class="ss-retry" onClick={retry}>
        {m.retry}
      </button>
    </div>
  );
}
