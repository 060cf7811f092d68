import { useSignal } from '@preact/signals';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { ClearIcon } from './ClearIcon.tsx';
import { LoadMore } from './LoadMore.tsx';
import { lockScroll } from './lockScroll.ts';
import { Results } from './Results.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SearchIcon } from './SearchIcon.tsx';
import { StatsLine } from './StatsLine.tsx';
import { apple, useShortcut } from './useShortcut.ts';
import { useWidget } from './WidgetContext.ts';

export interface SearchOverlayProps {
  placeholder?: string | undefined;
  /** Open on Ctrl/Cmd+K (also from a text field) and `/`. @default true */
  shortcut?: boolean | undefined;
}

/**
 * A button for a site's header that opens a modal search dialog with instant results.
 * `showModal` makes the page behind inert (the focus stays inside) and Escape closes
 * it; closing returns the focus to where it was.
 */
export function SearchOverlay({ placeholder, shortcut = true }: SearchOverlayProps) {
  const { m } = useWidget();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = useSignal(false);
  // The page behind stays still while the dialog is open: locked and unlocked before the paint
  // that shows or hides it, and unlocked when the widget is removed open (destroy()).
  useLayoutEffect(() => (open.value ? lockScroll() : undefined), [open.value]);
  const show = () => {
    // The dialog's own state, not `open`: its close event comes a task after it closed,
    // and a quick `/` in between must still open it.
    if (!dialog.current || dialog.current.open) return;
    // The focused element itself, also inside a shadow root (where `document` sees only the host).
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    // An element that took the focus can take it back (HTML, SVG and MathML elements alike).
    opener.current = active as HTMLElement | null;
    dialog.current.showModal();
    open.value = true;
  };
  const close = () => dialog.current?.close();
  // ↓ from the field to the first result, then ↑/↓ from result to result, ↑ from the first back to the field.
  const links = () => [...(dialog.current?.querySelectorAll<HTMLElement>('.ss-hit-link') ?? [])];
  const toFirstResult = () => {
    const first = links()[0];
    first?.focus();
    return !!first;
  };
  const onResultsKey = (event: KeyboardEvent) => {
    const all = links();
    const at = all.indexOf(event.target as HTMLElement);
    if (at < 0 || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    const next = at + (event.key === 'ArrowDown' ? 1 : -1);
    (next < 0 ? dialog.current?.querySelector<HTMLElement>('.ss-input') : all[Math.min(next, all.length - 1)])?.focus();
  };
  useShortcut(shortcut && show);
  return (
    <>
      <button type="button" class="ss-opener" part="opener" aria-haspopup="dialog" onClick={show}>
        <SearchIcon />
        <span class="ss-grow">{m.open}</span>
        <kbd class="ss-kbd" aria-hidden="true">
          {apple() ? '⌘K' : 'Ctrl K'}
        </kbd>
      </button>
      <dialog
        ref={dialog}
        class="ss-dialog"
        part="dialog"
        aria-label={m.searchLabel}
        onClose={() => {
          // A close event that arrives after the dialog was opened again is stale.
          if (dialog.current?.open) return;
          open.value = false;
          opener.current?.focus();
        }}
        // A click on the backdrop lands on the dialog itself; its content covers the rest.
        onClick={(event) => event.target === event.currentTarget && close()}
      >
        {open.value && (
          <div class="ss-dialog-body">
            <div class="ss-dialog-head">
              <SearchBox placeholder={placeholder} autoFocus onArrowOut={toFirstResult} />
              <button type="button" class="ss-button" aria-label={m.close} onClick={close}>
                <ClearIcon />
              </button>
            </div>
            <StatsLine />
            <div onKeyDown={onResultsKey}>
              <Results />
              <LoadMore />
            </div>
            {/* What the keys do, for those who see it; a screen reader has its own words for them. */}
            <p class="ss-dialog-foot" aria-hidden="true">
              <span>
                <kbd class="ss-kbd">↵</kbd> {m.keyOpen}
              </span>
              <span>
                <kbd class="ss-kbd">↑</kbd> <kbd class="ss-kbd">↓</kbd> {m.keyMove}
              </span>
              <span>
                <kbd class="ss-kbd">esc</kbd> {m.keyClose}
              </span>
            </p>
          </div>
        )}
      </dialog>
    </>
  );
}
