// The rule editor: a new rule or one of the index's, every condition and consequence of
// the API, checked as the owner saves it. A problem, found here or named by the API's
// 400, shows beside its field, and the draft stays as typed.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { SearchApiError } from '../src/client/errors.ts';
import type { QueryRule, RuleAnchoring } from '../src/client/types.ts';
import { errorMessage, type OwnerApi } from './dashboardApi.ts';
import { DocumentPicker } from './dashboardDocumentPicker.tsx';
import { pinRuleId } from './proposalFixes.ts';
import { Dialog, Field, fieldId } from './dashboardParts.tsx';
import { DeleteDialog } from './dashboardRules.tsx';
import { RulePreview } from './dashboardRulePreview.tsx';
import {
  emptyCondition,
  emptyDraft,
  draftOfRule,
  fieldOfParameter,
  fieldPaths,
  nextKey,
  ruleOfDraft,
  type DocumentRef,
  type Problems,
  type RuleDraft,
} from './ruleDraft.ts';
import { ANCHORING_LABELS } from './ruleSummary.ts';

type ListKey = 'conditions' | 'pins' | 'hides' | 'boosts' | 'promotions' | 'validity';
type Item<K extends ListKey> = RuleDraft[K][number];

/** The API path of each list, for its errors. */
const LIST_PATHS: Record<ListKey, string> = {
  conditions: 'conditions',
  pins: 'consequence.pin',
  hides: 'consequence.hide',
  boosts: 'consequence.boost',
  promotions: 'consequence.promotions',
  validity: 'validity',
};

type Load = { state: 'loading' } | { state: 'ready'; rule: QueryRule | null } | { state: 'error'; message: string };

export function RuleEditor({
  api,
  ruleId,
  when,
  onDone,
  onCancel,
}: {
  api: OwnerApi;
  ruleId: string | null;
  /** For a new rule: the words of a search to fix, as its `is` condition. */
  when?: string | undefined;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const [load, setLoad] = useState<Load>(ruleId === null ? { state: 'ready', rule: null } : { state: 'loading' });
  const [draft, setDraft] = useState<RuleDraft>(() => startDraft(when));
  const [errors, setErrors] = useState<Problems>({});
  const [saving, setSaving] = useState(false);
  const [picker, setPicker] = useState<'pins' | 'hides' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // The draft as loaded, to tell whether Cancel would throw away typed changes.
  const [baseline, setBaseline] = useState(() => signature(startDraft(when)));
  // The control to focus once the next render is on screen: a new row's first field, or the first field at fault.
  const [focus, setFocus] = useState<string | null>(null);

  useEffect(() => {
    if (ruleId === null) return;
    const controller = new AbortController();
    api.getRule(ruleId, { signal: controller.signal }).then(
      (rule) => {
        setLoad({ state: 'ready', rule });
        const loaded = draftOfRule(rule);
        setDraft(loaded);
        setBaseline(signature(loaded));
        // The rule keeps only ids; the owner reads titles.
        for (const ref of [...loaded.pins, ...loaded.hides]) {
          api.getDocument(ref.id, { signal: controller.signal }).then(
            (doc) => titled(ref.key, doc.title ?? doc.url ?? ref.id),
            (error: unknown) => {
              if (error instanceof SearchApiError && error.status === 404) titled(ref.key, 'Not in the index');
            },
          );
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ state: 'error', message: error instanceof SearchApiError && error.status === 404 ? `There is no rule ${ruleId}.` : errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [ruleId]);

  useEffect(() => {
    if (focus === null) return;
    document.getElementById(focus)?.focus();
    setFocus(null);
  }, [focus]);

  const titled = (key: number, title: string) =>
    setDraft((d) => ({
      ...d,
      pins: d.pins.map((p) => (p.key === key ? { ...p, title } : p)),
      hides: d.hides.map((h) => (h.key === key ? { ...h, title } : h)),
    }));

  const clear = (...paths: string[]) =>
    setErrors((e) => {
      const left = Object.fromEntries(
        Object.entries(e).filter(([path]) => !paths.some((p) => path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}[`))),
      );
      delete left[''];
      return left;
    });
  const set = (patch: Partial<RuleDraft>, path: string) => {
    setDraft((d) => ({ ...d, ...patch }));
    clear(path, 'consequence');
  };
  const edit = <K extends ListKey>(list: K, index: number, patch: Partial<Item<K>>, path: string) => {
    setDraft((d) => ({ ...d, [list]: (d[list] as Array<Item<K>>).map((item, i) => (i === index ? { ...item, ...patch } : item)) }));
    clear(path);
  };
  const add = <K extends ListKey>(list: K, item: Item<K>, firstField: string) => {
    setDraft((d) => ({ ...d, [list]: [...(d[list] as Array<Item<K>>), item] }));
    clear(LIST_PATHS[list], 'consequence');
    setFocus(fieldId(`${LIST_PATHS[list]}[${draft[list].length}]${firstField}`));
  };
  const remove = (list: ListKey, index: number) => {
    setDraft((d) => ({ ...d, [list]: (d[list] as unknown[]).filter((_, i) => i !== index) }));
    // Errors of the later rows would point at the wrong rows now.
    clear(LIST_PATHS[list]);
    setFocus(`add-${list}`);
  };

  const save = async (event: Event) => {
    event.preventDefault();
    const { rule, problems } = ruleOfDraft(draft);
    if (Object.keys(problems).length > 0) return fail(problems);
    setSaving(true);
    try {
      if (ruleId === null && (await exists(api, draft.id))) {
        return fail({ id: `A rule ${draft.id} exists already: choose another id, or edit that rule.` });
      }
      await api.putRule(draft.id, rule);
      onDone(`Rule ${draft.id} saved.`);
    } catch (error) {
      if (error instanceof SearchApiError && error.status === 400) fail(problemsOfApiError(error, draft));
      else fail({ '': `The rule was not saved. ${errorMessage(error)}` });
    } finally {
      setSaving(false);
    }
  };
  const fail = (problems: Problems) => {
    setErrors(problems);
    const first = Object.keys(problems).find((path) => path !== '' && document.getElementById(fieldId(path)) !== null);
    setFocus(first === undefined ? 'rule-problems' : fieldId(first));
  };

  if (load.state === 'loading') {
    return (
      <p class="dash-status" role="status">
        Loading the rule…
      </p>
    );
  }
  if (load.state === 'error') {
    return (
      <div class="dash-error" role="alert">
        <p>
          <strong>The rule could not be loaded.</strong> {load.message}
        </p>
        <a href="#rules">Back to the rules</a>
      </div>
    );
  }

  const err = (path: string) => errors[path];
  const count = Object.keys(errors).length;
  const editing = load.rule !== null;
  return (
    <>
      <form id="rule-form" class="dash-form" noValidate onSubmit={(e) => void save(e)} aria-describedby={count > 0 ? 'rule-problems' : undefined}>
        {count > 0 && (
          <div id="rule-problems" class="dash-error" role="alert" tabIndex={-1}>
            <p>
              <strong>The rule was not saved.</strong>{' '}
              {errors[''] ?? (count === 1 ? 'One field needs a change; it says why beside it.' : `${count} fields need a change; each says why beside it.`)}
            </p>
          </div>
        )}

        <section class="dash-card" aria-labelledby="rule-about">
          <h2 id="rule-about" class="dash-heading">
            Rule
          </h2>
          <div class="dash-form-row">
            <Field path="id" label="Id" hint={editing ? 'An id cannot change.' : 'Letters, digits, _ and -, up to 64.'} error={err('id')}>
              {(c) => (
                <input
                  {...c}
                  value={draft.id}
                  readOnly={editing}
                  required
                  maxLength={64}
                  autoComplete="off"
                  onInput={(e) => set({ id: e.currentTarget.value }, 'id')}
                />
              )}
            </Field>
            <Field path="description" label="Description" hint="For you; visitors never see it." error={err('description')} wide>
              {(c) => <input {...c} value={draft.description} onInput={(e) => set({ description: e.currentTarget.value }, 'description')} />}
            </Field>
          </div>
          <label class="dash-check">
            <input type="checkbox" id={fieldId('enabled')} checked={draft.enabled} onChange={(e) => set({ enabled: e.currentTarget.checked }, 'enabled')} />
            <span>On: the rule changes searches (within its validity windows)</span>
          </label>
        </section>

        <section class="dash-card" aria-labelledby="rule-when">
          <h2 id="rule-when" class="dash-heading">
            When the search…
          </h2>
          <p class="dash-hint">Any one condition is enough. The search is read as the service reads it: lower case, without accents, word forms too.</p>
          <GroupError id="conditions" error={err('conditions')} />
          {draft.conditions.map((condition, i) => (
            <fieldset key={condition.key} class="dash-row">
              <legend>Condition {i + 1}</legend>
              <div class="dash-form-row">
                <Field path={`conditions[${i}].anchoring`} label="Anchoring" error={err(`conditions[${i}].anchoring`)}>
                  {(c) => (
                    <select
                      {...c}
                      value={condition.anchoring}
                      onChange={(e) => edit('conditions', i, { anchoring: e.currentTarget.value as RuleAnchoring }, `conditions[${i}]`)}
                    >
                      {Object.entries(ANCHORING_LABELS).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field path={`conditions[${i}].pattern`} label="Words" hint="Empty with “is”: the empty search." error={err(`conditions[${i}].pattern`)} wide>
                  {(c) => (
                    <input
                      {...c}
                      value={condition.pattern}
                      autoComplete="off"
                      onInput={(e) => edit('conditions', i, { pattern: e.currentTarget.value }, `conditions[${i}].pattern`)}
                    />
                  )}
                </Field>
              </div>
              <Field
                path={`conditions[${i}].filters`}
                label="Only with this filter (optional)"
                hint={
                  <>
                    The search’s <code>filter</code> as JSON, e.g. <code>{'{"custom_fields.area": "css"}'}</code>
                  </>
                }
                error={err(`conditions[${i}].filters`)}
                wide
              >
                {(c) => (
                  <textarea
                    {...c}
                    rows={2}
                    spellcheck={false}
                    value={condition.filters}
                    onInput={(e) => edit('conditions', i, { filters: e.currentTarget.value }, `conditions[${i}].filters`)}
                  />
                )}
              </Field>
              <GroupError id={`conditions[${i}]`} error={err(`conditions[${i}]`)} />
              <RemoveButton label={`Remove condition ${i + 1}`} onClick={() => remove('conditions', i)} />
            </fieldset>
          ))}
          <button type="button" id="add-conditions" onClick={() => add('conditions', emptyCondition(), '.anchoring')}>
            Add a condition
          </button>
        </section>

        <section class="dash-card" aria-labelledby="rule-then">
          <h2 id="rule-then" class="dash-heading">
            Then
          </h2>
          <GroupError id="consequence" error={err('consequence')} />

          <Group
            title="Pinned documents"
            hint="A pinned document stands at its position (1 is the top) even if the words do not match it; filters still apply."
          >
            <GroupError id="consequence.pin" error={err('consequence.pin')} />
            {draft.pins.map((pin, i) => (
              <div key={pin.key} class="dash-row dash-row-inline">
                <DocumentName document={pin} error={err(`consequence.pin[${i}]`)} path={`consequence.pin[${i}]`} />
                <Field path={`consequence.pin[${i}].position`} label="Position" error={err(`consequence.pin[${i}].position`)}>
                  {(c) => (
                    <input
                      {...c}
                      class="dash-narrow"
                      inputMode="numeric"
                      value={pin.position}
                      onInput={(e) => edit('pins', i, { position: e.currentTarget.value }, `consequence.pin[${i}].position`)}
                    />
                  )}
                </Field>
                <RemoveButton label={`Remove pin of ${pin.title || pin.id}`} onClick={() => remove('pins', i)} />
              </div>
            ))}
            <button type="button" id="add-pins" onClick={() => setPicker('pins')}>
              Pin a document…
            </button>
          </Group>

          <Group title="Hidden documents" hint="Left out of the results of matching searches.">
            <GroupError id="consequence.hide" error={err('consequence.hide')} />
            {draft.hides.map((hide, i) => (
              <div key={hide.key} class="dash-row dash-row-inline">
                <DocumentName document={hide} error={err(`consequence.hide[${i}]`)} path={`consequence.hide[${i}]`} />
                <RemoveButton label={`Stop hiding ${hide.title || hide.id}`} onClick={() => remove('hides', i)} />
              </div>
            ))}
            <button type="button" id="add-hides" onClick={() => setPicker('hides')}>
              Hide a document…
            </button>
          </Group>

          <Group title="Boosts" hint="Documents that match a filter rank higher (factor above 1) or lower (below 1), within the ranking rules.">
            <GroupError id="consequence.boost" error={err('consequence.boost')} />
            {draft.boosts.map((boost, i) => (
              <div key={boost.key} class="dash-row">
                <div class="dash-form-row">
                  <Field path={`consequence.boost[${i}].filter`} label="Filter (JSON)" error={err(`consequence.boost[${i}].filter`)} wide>
                    {(c) => (
                      <textarea
                        {...c}
                        rows={2}
                        spellcheck={false}
                        value={boost.filter}
                        onInput={(e) => edit('boosts', i, { filter: e.currentTarget.value }, `consequence.boost[${i}].filter`)}
                      />
                    )}
                  </Field>
                  <Field path={`consequence.boost[${i}].factor`} label="Factor" error={err(`consequence.boost[${i}].factor`)}>
                    {(c) => (
                      <input
                        {...c}
                        class="dash-narrow"
                        inputMode="decimal"
                        value={boost.factor}
                        onInput={(e) => edit('boosts', i, { factor: e.currentTarget.value }, `consequence.boost[${i}].factor`)}
                      />
                    )}
                  </Field>
                </div>
                <GroupError id={`consequence.boost[${i}]`} error={err(`consequence.boost[${i}]`)} />
                <RemoveButton label={`Remove boost ${i + 1}`} onClick={() => remove('boosts', i)} />
              </div>
            ))}
            <button type="button" id="add-boosts" onClick={() => add('boosts', { key: nextKey(), filter: '{"custom_fields.": ""}', factor: '2' }, '.filter')}>
              Add a boost
            </button>
          </Group>

          <Group title="Promotions" hint="Cards that are not documents: a title, a link, a line of text and an image, at a position.">
            <GroupError id="consequence.promotions" error={err('consequence.promotions')} />
            {draft.promotions.map((promotion, i) => {
              const path = `consequence.promotions[${i}]`;
              const input = (field: 'title' | 'url' | 'text' | 'image', label: string, url = false) => (
                <Field path={`${path}.${field}`} label={label} error={err(`${path}.${field}`)} wide>
                  {(c) => (
                    <input
                      {...c}
                      inputMode={url ? 'url' : 'text'}
                      value={promotion[field]}
                      onInput={(e) => edit('promotions', i, { [field]: e.currentTarget.value }, `${path}.${field}`)}
                    />
                  )}
                </Field>
              );
              return (
                <fieldset key={promotion.key} class="dash-row">
                  <legend>Promotion {i + 1}</legend>
                  <div class="dash-form-row">
                    {input('title', 'Title')}
                    {input('url', 'Link', true)}
                  </div>
                  <div class="dash-form-row">
                    {input('text', 'Text (optional)')}
                    {input('image', 'Image address (optional)', true)}
                    <Field path={`${path}.position`} label="Position" error={err(`${path}.position`)}>
                      {(c) => (
                        <input
                          {...c}
                          class="dash-narrow"
                          inputMode="numeric"
                          value={promotion.position}
                          onInput={(e) => edit('promotions', i, { position: e.currentTarget.value }, `${path}.position`)}
                        />
                      )}
                    </Field>
                  </div>
                  <GroupError id={path} error={err(path)} />
                  <RemoveButton label={`Remove promotion ${i + 1}`} onClick={() => remove('promotions', i)} />
                </fieldset>
              );
            })}
            <button
              type="button"
              id="add-promotions"
              onClick={() => add('promotions', { key: nextKey(), title: '', url: '', text: '', image: '', position: '1' }, '.title')}
            >
              Add a promotion
            </button>
          </Group>

          <Group title="Words, redirect and data">
            <div class="dash-form-row">
              <Field path="consequence.replaceTerm" label="Search these words instead (optional)" error={err('consequence.replaceTerm')} wide>
                {(c) => (
                  <input
                    {...c}
                    value={draft.replaceTerm}
                    autoComplete="off"
                    onInput={(e) => set({ replaceTerm: e.currentTarget.value }, 'consequence.replaceTerm')}
                  />
                )}
              </Field>
              <Field path="consequence.redirect" label="Send the visitor to this address instead (optional)" error={err('consequence.redirect')} wide>
                {(c) => <input {...c} type="url" value={draft.redirect} onInput={(e) => set({ redirect: e.currentTarget.value }, 'consequence.redirect')} />}
              </Field>
            </div>
            <Field
              path="consequence.userData"
              label="Data for the page (optional JSON)"
              hint="Handed to the site’s page with the results."
              error={err('consequence.userData')}
              wide
            >
              {(c) => (
                <textarea
                  {...c}
                  rows={3}
                  spellcheck={false}
                  value={draft.userData}
                  onInput={(e) => set({ userData: e.currentTarget.value }, 'consequence.userData')}
                />
              )}
            </Field>
          </Group>
        </section>

        <section class="dash-card" aria-labelledby="rule-validity">
          <h2 id="rule-validity" class="dash-heading">
            When it applies
          </h2>
          <p class="dash-hint">Without a window the rule always applies. Times are UTC; either end may stay open.</p>
          <GroupError id="validity" error={err('validity')} />
          {draft.validity.map((window, i) => (
            <fieldset key={window.key} class="dash-row dash-row-inline">
              <legend>Window {i + 1}</legend>
              <Field path={`validity[${i}].from`} label="From (UTC)" error={err(`validity[${i}].from`)}>
                {(c) => (
                  <input
                    {...c}
                    type="datetime-local"
                    value={window.from}
                    onInput={(e) => edit('validity', i, { from: e.currentTarget.value }, `validity[${i}]`)}
                  />
                )}
              </Field>
              <Field path={`validity[${i}].until`} label="Until (UTC)" error={err(`validity[${i}].until`)}>
                {(c) => (
                  <input
                    {...c}
                    type="datetime-local"
                    value={window.until}
                    onInput={(e) => edit('validity', i, { until: e.currentTarget.value }, `validity[${i}]`)}
                  />
                )}
              </Field>
              <GroupError id={`validity[${i}]`} error={err(`validity[${i}]`)} />
              <RemoveButton label={`Remove window ${i + 1}`} onClick={() => remove('validity', i)} />
            </fieldset>
          ))}
          <button type="button" id="add-validity" onClick={() => add('validity', { key: nextKey(), from: '', until: '' }, '.from')}>
            Add a window
          </button>
        </section>
      </form>

      <RulePreview api={api} draft={draft} />

      <div class="dash-buttons dash-savebar">
        <button type="submit" form="rule-form" class="dash-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save rule'}
        </button>
        <button type="button" onClick={() => (signature(draft) === baseline ? onCancel() : setLeaving(true))}>
          Cancel
        </button>
        {editing && (
          <button type="button" class="dash-danger" onClick={() => setDeleting(true)}>
            Delete rule
          </button>
        )}
      </div>

      {picker !== null && (
        <DocumentPicker
          api={api}
          title={picker === 'pins' ? 'Choose a document to pin' : 'Choose a document to hide'}
          initialTerm={draft.conditions[0]?.pattern ?? ''}
          onClose={() => setPicker(null)}
          onChoose={(doc) => {
            const list = picker;
            setPicker(null);
            if (list === 'pins') add('pins', { key: nextKey(), ...doc, position: String(nextPosition(draft)) }, '.position');
            else add('hides', { key: nextKey(), ...doc }, '');
          }}
        />
      )}
      {leaving && (
        <Dialog title="Leave without saving?" onClose={() => setLeaving(false)}>
          <p>The changes to this rule are not saved yet.</p>
          <div class="dash-buttons">
            <button type="button" class="dash-danger-solid" onClick={onCancel}>
              Leave without saving
            </button>
            <button type="button" onClick={() => setLeaving(false)} autoFocus>
              Keep editing
            </button>
          </div>
        </Dialog>
      )}
      {deleting && load.rule !== null && (
        <DeleteDialog api={api} rule={load.rule} onClose={() => setDeleting(false)} onDeleted={() => onDone(`Rule ${load.rule!.id} deleted.`)} />
      )}
    </>
  );
}

/** A new rule: empty, or for a search to fix, a readable id and that search as an `is` condition. */
function startDraft(when: string | undefined): RuleDraft {
  if (when === undefined) return emptyDraft();
  return { ...emptyDraft(), id: pinRuleId(when), description: `For the search “${when}”, which found nothing`, conditions: [emptyCondition(when)] };
}

/** Each problem the API's 400 lists, beside its field (the rule's id is the path's `ruleId`). */
function problemsOfApiError(error: SearchApiError, draft: RuleDraft): Problems {
  const fields = fieldPaths(draft);
  const listed = error.body?.error.errors ?? [{ parameter: error.parameter, message: error.message }];
  const problems: Problems = {};
  for (const { parameter, message } of listed) {
    const field = parameter === 'ruleId' ? 'id' : fieldOfParameter(parameter, fields);
    problems[field] = problems[field] === undefined ? message : `${problems[field]}; ${message}`;
  }
  return problems;
}

/** What the owner typed, without the row keys and document titles the page adds itself. */
function signature(draft: RuleDraft): string {
  return JSON.stringify(draft, (name, value: unknown) => (name === 'key' || name === 'title' ? undefined : value));
}

/** A new pin goes below the others. */
function nextPosition(draft: RuleDraft): number {
  return Math.max(0, ...draft.pins.map((p) => Number(p.position) || 0)) + 1;
}

async function exists(api: OwnerApi, id: string): Promise<boolean> {
  try {
    await api.getRule(id);
    return true;
  } catch (error) {
    if (error instanceof SearchApiError && error.status === 404) return false;
    throw error;
  }
}

function Group({ title, hint, children }: { title: string; hint?: string; children: ComponentChildren }) {
  return (
    <fieldset class="dash-group">
      <legend class="dash-group-title">{title}</legend>
      {hint !== undefined && <p class="dash-hint">{hint}</p>}
      {children}
    </fieldset>
  );
}

/** An error that belongs to a row or a list rather than to one field. */
function GroupError({ id, error }: { id: string; error: string | undefined }) {
  if (error === undefined) return null;
  return (
    <p id={fieldId(id)} class="dash-field-error" tabIndex={-1}>
      {error}
    </p>
  );
}

/** A chosen document: its title, and its id to tell apart two of one title. */
function DocumentName({ document, path, error }: { document: DocumentRef; path: string; error: string | undefined }) {
  return (
    <div class="dash-docname" id={fieldId(path)} tabIndex={error === undefined ? undefined : -1}>
      <span class="dash-docname-title">{document.title || 'Loading the title…'}</span>
      <span class="dash-docname-id">{document.id}</span>
      {error !== undefined && <span class="dash-field-error">{error}</span>}
    </div>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" class="dash-remove" aria-label={label} onClick={onClick}>
      Remove
    </button>
  );
}
