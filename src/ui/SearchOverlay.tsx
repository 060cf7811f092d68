import { useSignal } from '@preact/signals';
import { useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import { ClearIcon } from './ClearIcon.tsx';
import { lockScroll } from './lockScroll.ts';
// The script-tag build swaps this for src/embed/lazyOverlayList.tsx (vite.config.ts).
import { OverlayList, type OverlayCombobox } from './OverlayList.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SearchIcon } from './SearchIcon.tsx';
import { StatsLine } from './StatsLine.tsx';
import { apple, useShortcut } from './useShortcut.ts';
import { useWidget } from './WidgetContext.ts';
import { wrapTab } from './wrapTab.ts';

export interface SearchOverlayProps {
  placeholder?: string | undefined;
  /** Open on Ctrl/Cmd+K (also from a text field; again, it closes) and `/`. @default true */
  shortcut?: boolean | undefined;
}

let overlays = 0;

/**
 * A button for a site's header that opens a modal search dialog with instant results.
 * `showModal` makes the page behind inert (the focus stays inside); one Escape closes
 * it, and closing returns the focus to where it was. Its field controls one listbox
 * (OverlayList): ↓ and ↑ move through it with the caret kept in the field, and Enter
 * opens the active option.
 */
export function SearchOverlay({ placeholder, shortcut = true }: SearchOverlayProps) {
  const { m, config } = useWidget();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = useSignal(false);
  const id = useMemo(() => `ss-overlay${++overlays}`, []);
  const combobox = useSignal<OverlayCombobox | null>(null);
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
  const onKey = (event: KeyboardEvent): boolean => {
    if (event.key !== 'Escape') return combobox.value?.onKey(event) ?? false;
    // One press, whatever the field holds (the browser would empty a search field first).
    close();
    return true;
  };
  // Before the list is there (the script tag loads it as the overlay opens), a plain field.
  const input = () => combobox.value?.input() ?? {};
  // Ctrl/⌘K toggles, as it does where visitors learnt it; `/` only opens (it is text in the field).
  useShortcut(shortcut && ((k) => (k && dialog.current?.open ? close() : show())));
  return (
    <>
      <button type="button" class="ss-opener" part="opener" aria-haspopup="dialog" onClick={show}>
        <SearchIcon />
        <span class="ss-grow">{m.open}</span>
        <kbd class="ss-kbd" aria-hidden="true">
          {apple() ? '⌘K' : `${m.ctrl ?? 'Ctrl'} K`}
        </kbd>
      </button>
      <dialog
        ref={dialog}
        class="ss-dialog"
        part="dialog"
        aria-label={m.searchLabel}
        onKeyDown={(event) => wrapTab(event, dialog.current)}
        onClose={() => {
          // A close event that arrives after the dialog was opened again is stale.
          if (dialog.current?.open) return;
          open.value = false;
          opener.current?.focus();
        }}
        // A click on the backdrop lands on the dialog itself; its content covers the rest
        // (on a phone, the whole screen: see the CSS).
        onClick={(event) => event.target === event.currentTarget && close()}
      >
        {open.value && (
          <div class="ss-dialog-body">
            <div class="ss-dialog-head">
              <SearchBox placeholder={placeholder} autoFocus combobox={{ input, onKey }} />
              <button type="button" class="ss-button" aria-label={m.close} onClick={close}>
                <ClearIcon />
              </button>
            </div>
            <StatsLine />
            <OverlayList id={id} combobox={combobox} resultsUrl={config.resultsUrl} />
          </div>
        )}
      </dialog>
    </>
  );
}
