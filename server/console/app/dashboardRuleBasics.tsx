// The rule's id, its description for the owner, and whether it is on.
import { Field, fieldId } from './dashboardParts.tsx';
import type { RuleEdits } from './dashboardRuleEditorParts.tsx';

export function RuleBasics({ draft, err, set, editing }: RuleEdits & { editing: boolean }) {
  return (
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
  );
}
