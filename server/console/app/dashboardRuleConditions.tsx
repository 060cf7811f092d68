// When a rule applies: its conditions, each an anchoring, words and an optional filter;
// any one of them is enough.
import type { RuleAnchoring } from '../../../src/client/types.ts';
import { Field } from './dashboardParts.tsx';
import { GroupError, RemoveButton, type RuleEdits } from './dashboardRuleEditorParts.tsx';
import { emptyCondition } from './ruleDraft.ts';
import { ANCHORING_LABELS } from './ruleSummary.ts';

export function RuleConditions({ draft, err, edit, add, remove }: RuleEdits) {
  return (
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
  );
}
