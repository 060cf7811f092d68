// The documents a rule hides; `onPick` opens the document picker.
import { DocumentName, Group, GroupError, RemoveButton, type RuleEdits } from './dashboardRuleEditorParts.tsx';

export function RuleHides({ draft, err, remove, onPick }: RuleEdits & { onPick: () => void }) {
  return (
    <Group title="Hidden documents" hint="Left out of the results of matching searches.">
      <GroupError id="consequence.hide" error={err('consequence.hide')} />
      {draft.hides.map((hide, i) => (
        <div key={hide.key} class="dash-row dash-row-inline">
          <DocumentName document={hide} error={err(`consequence.hide[${i}]`)} path={`consequence.hide[${i}]`} />
          <RemoveButton label={`Stop hiding ${hide.title || hide.id}`} onClick={() => remove('hides', i)} />
        </div>
      ))}
      <button type="button" id="add-hides" onClick={onPick}>
        Hide a document…
      </button>
    </Group>
  );
}
