/**
 * Tab and Shift+Tab wrap round inside a modal dialog, as the dialog pattern has it: a
 * modal dialog alone lets the focus out to the browser's own controls, and back onto
 * nothing on the page. For the dialog's keydown.
 */
export function wrapTab(event: KeyboardEvent, dialog: HTMLElement | null): void {
  if (event.key !== 'Tab' || !dialog) return;
  const stops = [...dialog.querySelectorAll<HTMLElement>('button, input, select, a[href]')].filter(
    (el) => !(el as HTMLButtonElement).disabled && el.tabIndex >= 0 && el.getClientRects().length,
  );
  const [first, last] = event.shiftKey ? [stops.at(-1), stops[0]] : [stops[0], stops.at(-1)];
  // The dialog itself holds the focus when it opens: before the first stop.
  if (event.target !== last && !(event.shiftKey && event.target === dialog)) return;
  event.preventDefault();
  first?.focus();
}
