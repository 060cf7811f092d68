// Pieces every page of the dashboard uses: a table that scrolls in its own region, a
// labelled form field with its error beside it, and a modal dialog.
import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';

export function Table({
  caption,
  head,
  rows,
  empty,
  numeric,
  fold = false,
}: {
  caption: string;
  head: string[];
  rows: ComponentChildren[][];
  empty?: string;
  numeric?: (column: number) => boolean;
  /** On a phone, rows after the first FOLDED_ROWS wait behind a button, so a long page of tables stays short. */
  fold?: boolean;
}) {
  const id = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const wider = useWiderThan(wrap);
  const [unfolded, setUnfolded] = useState(false);
  const folds = fold && rows.length > FOLDED_ROWS;
  const isNumber = numeric ?? ((i: number) => i > 0);
  if (rows.length === 0 && empty !== undefined) return <p class="dash-muted">{empty}</p>;
  // A table wider than a phone scrolls sideways in its own named region, which takes
  // the focus so that the arrow keys can scroll it too; its edges shade where more is
  // hidden, and a line above says so.
  return (
    <>
      {wider && <p class="dash-scroll-hint">Wider than the screen: scroll the table sideways to see every column.</p>}
      <div ref={wrap} class="dash-table-wrap" role="region" aria-labelledby={id} tabIndex={0}>
        <table class={folds && !unfolded ? 'dash-table dash-folded' : 'dash-table'}>
          <caption id={id} class="dash-caption">
            {caption}
          </caption>
          <thead>
            <tr>
              {head.map((h, i) => (
                <th key={h} scope="col" class={isNumber(i) ? 'dash-num' : undefined}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={i} class={isNumber(i) ? 'dash-num' : undefined}>
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {folds && (
        <button type="button" class="dash-unfold dash-narrow-only" aria-expanded={unfolded} onClick={() => setUnfolded(!unfolded)}>
          {unfolded ? `Show the first ${FOLDED_ROWS}` : `Show all ${rows.length}`}
        </button>
      )}
    </>
  );
}

/** How many rows a folded table shows on a phone (dashboard.css hides the others, by the same number). */
const FOLDED_ROWS = 5;

/** Whether the element's content is wider than the element, kept true to its size. */
function useWiderThan(ref: { current: HTMLElement | null }): boolean {
  const [wider, setWider] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const measure = () => setWider(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild !== null) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  });
  return wider;
}

/** What a field's control spreads: its id, and the hint and error that describe it. */
export interface FieldControl {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** The DOM id of the control of an API path (`consequence.pin[0].position`). */
export const fieldId = (path: string): string => `field-${path.replace(/[^A-Za-z0-9_-]+/g, '-')}`;

/**
 * A label above its control, an optional hint, and the error beside it when there is one.
 * The control is given by `children`, called with the attributes that tie them together.
 */
export function Field({
  path,
  label,
  hint,
  error,
  wide,
  fixed,
  children,
}: {
  path: string;
  label: string;
  hint?: ComponentChildren;
  error: string | undefined;
  wide?: boolean;
  /** Keeps its width whatever its hint or error says (they wrap): a row beside it does not move. */
  fixed?: boolean;
  children: (control: FieldControl) => JSX.Element;
}) {
  const id = fieldId(path);
  const described = [hint === undefined ? null : `${id}-hint`, error === undefined ? null : `${id}-error`].filter((x) => x !== null).join(' ');
  return (
    <div class={['dash-field', wide && 'dash-field-wide', fixed && 'dash-field-fixed'].filter(Boolean).join(' ')}>
      <label for={id}>{label}</label>
      {hint !== undefined && (
        <span id={`${id}-hint`} class="dash-field-hint">
          {hint}
        </span>
      )}
      {children({ id, 'aria-invalid': error !== undefined, 'aria-describedby': described === '' ? undefined : described })}
      {error !== undefined && (
        <span id={`${id}-error`} class="dash-field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * A modal dialog, open while it is rendered: Esc or `onClose` closes it, and the focus
 * goes back to where it was when the dialog opened.
 */
export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ComponentChildren }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.showModal();
    const element = dialog.current;
    return () => {
      element?.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      class="dash-dialog"
      aria-labelledby={id}
      onKeyDown={(event) => {
        // Esc in a search field would only clear it; in a dialog it closes the dialog.
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onClose();
      }}
      onCancel={(event) => {
        // The page decides when the dialog goes away; Esc only asks.
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={id} class="dash-heading">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
