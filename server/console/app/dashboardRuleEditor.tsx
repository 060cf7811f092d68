// The rule editor: a new rule or one of the index's, every condition and consequence of
// the API, checked as the owner saves it. A problem, found here or named by the API's
// 400, shows beside its field, and the draft stays as typed. This file holds the draft,
// its loading and saving; each part of the rule is a component of its own
// (dashboardRuleBasics.tsx … dashboardRuleValidityWindows.tsx) that edits it.
import { useEffect, useState } from 'preact/hooks';
import { SearchApiError } from '../../../src/client/errors.ts';
import type { QueryRule } from '../../../src/client/types.ts';
import { errorMessage, type OwnerApi } from './dashboardApi.ts';
import { DocumentPicker } from './dashboardDocumentPicker.tsx';
import { pinRuleId } from './proposalFixes.ts';
import { Dialog, fieldId } from './dashboardParts.tsx';
import { RuleBasics } from './dashboardRuleBasics.tsx';
import { RuleBoosts } from './dashboardRuleBoosts.tsx';
import { RuleConditions } from './dashboardRuleConditions.tsx';
import { GroupError, type Item, type ListKey, type RuleEdits } from './dashboardRuleEditorParts.tsx';
import { RuleHides } from './dashboardRuleHides.tsx';
import { RulePins } from './dashboardRulePins.tsx';
import { RulePromotions } from './dashboardRulePromotions.tsx';
import { RuleValidityWindows } from './dashboardRuleValidityWindows.tsx';
import { RuleWordsRedirectData } from './dashboardRuleWordsRedirectData.tsx';
import { DeleteDialog } from './dashboardRules.tsx';
import { RulePreview } from './dashboardRulePreview.tsx';
import { emptyCondition, emptyDraft, draftOfRule, fieldOfParameter, fieldPaths, nextKey, ruleOfDraft, type Problems, type RuleDraft } from './ruleDraft.ts';

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
  const edits: RuleEdits = { draft, err, set, edit, add, remove };
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

        <RuleBasics {...edits} editing={editing} />
        <RuleConditions {...edits} />

        <section class="dash-card" aria-labelledby="rule-then">
          <h2 id="rule-then" class="dash-heading">
            Then
          </h2>
          <GroupError id="consequence" error={err('consequence')} />
          <RulePins {...edits} onPick={() => setPicker('pins')} />
          <RuleHides {...edits} onPick={() => setPicker('hides')} />
          <RuleBoosts {...edits} />
          <RulePromotions {...edits} />
          <RuleWordsRedirectData {...edits} />
        </section>

        <RuleValidityWindows {...edits} />
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
