// What else a rule may do: search other words, send the visitor to a page instead, or
// hand data to the site's page.
import { Field } from './dashboardParts.tsx';
import { Group, type RuleEdits } from './dashboardRuleEditorParts.tsx';

export function RuleWordsRedirectData({ draft, err, set }: RuleEdits) {
  return (
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
  );
}
