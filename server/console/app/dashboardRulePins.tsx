// The documents a rule pins, each at a position; `onPick` opens the document picker.
import { Field } from './dashboardParts.tsx';
import { DocumentName, Group, GroupError, RemoveButton, type RuleEdits } from './dashboardRuleEditorParts.tsx';

export function RulePins({ draft, err, edit, remove, onPick }: RuleEdits & { onPick: () => void }) {
  return (
    <Group title="Pinned documents" hint="A pinned document stands at its position (1 is the top) even if the words do not match it; filters still apply.">
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
      <button type="button" id="add-pins" onClick={onPick}>
        Pin a document…
      </button>
    </Group>
  );
}
