// When a rule applies in time: its validity windows, either end open; none is always.
import { Field } from './dashboardParts.tsx';
import { GroupError, RemoveButton, type RuleEdits } from './dashboardRuleEditorParts.tsx';
import { nextKey } from './ruleDraft.ts';

export function RuleValidityWindows({ draft, err, edit, add, remove }: RuleEdits) {
  return (
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
              <input {...c} type="datetime-local" value={window.from} onInput={(e) => edit('validity', i, { from: e.currentTarget.value }, `validity[${i}]`)} />
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
  );
}
