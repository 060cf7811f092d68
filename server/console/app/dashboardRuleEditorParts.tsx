// What every part of the rule editor shares: the edits it may make to the draft, and the
// small pieces its rows are built of (a group, a row's error, a chosen document, Remove).
import type { ComponentChildren } from 'preact';
import { fieldId } from './dashboardParts.tsx';
import type { DocumentRef, RuleDraft } from './ruleDraft.ts';

/** The draft's lists, each a row per condition, pin, hide, boost, promotion or window. */
export type ListKey = 'conditions' | 'pins' | 'hides' | 'boosts' | 'promotions' | 'validity';
export type Item<K extends ListKey> = RuleDraft[K][number];

/** The draft and its problems, and the edits a part makes to it; `path` is the API path of the field changed, whose error the edit clears. */
export interface RuleEdits {
  draft: RuleDraft;
  err: (path: string) => string | undefined;
  set: (patch: Partial<RuleDraft>, path: string) => void;
  edit: <K extends ListKey>(list: K, index: number, patch: Partial<Item<K>>, path: string) => void;
  /** Adds a row and focuses its `firstField` (a path within the row, e.g. `.title`). */
  add: <K extends ListKey>(list: K, item: Item<K>, firstField: string) => void;
  remove: (list: ListKey, index: number) => void;
}

export function Group({ title, hint, children }: { title: string; hint?: string; children: ComponentChildren }) {
  return (
    <fieldset class="dash-group">
      <legend class="dash-group-title">{title}</legend>
      {hint !== undefined && <p class="dash-hint">{hint}</p>}
      {children}
    </fieldset>
  );
}

/** An error that belongs to a row or a list rather than to one field. */
export function GroupError({ id, error }: { id: string; error: string | undefined }) {
  if (error === undefined) return null;
  return (
    <p id={fieldId(id)} class="dash-field-error" tabIndex={-1}>
      {error}
    </p>
  );
}

/** A chosen document: its title, and its id to tell apart two of one title. */
export function DocumentName({ document, path, error }: { document: DocumentRef; path: string; error: string | undefined }) {
  return (
    <div class="dash-docname" id={fieldId(path)} tabIndex={error === undefined ? undefined : -1}>
      <span class="dash-docname-title">{document.title || 'Loading the title…'}</span>
      <span class="dash-docname-id">{document.id}</span>
      {error !== undefined && <span class="dash-field-error">{error}</span>}
    </div>
  );
}

export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" class="dash-remove" aria-label={label} onClick={onClick}>
      Remove
    </button>
  );
}
