// The boosts of a rule: a filter, and the factor its documents' relevance is multiplied by.
import { Field } from './dashboardParts.tsx';
import { Group, GroupError, RemoveButton, type RuleEdits } from './dashboardRuleEditorParts.tsx';
import { nextKey } from './ruleDraft.ts';

export function RuleBoosts({ draft, err, edit, add, remove }: RuleEdits) {
  return (
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
  );
}
