// The promotions of a rule: cards that are not documents, each at a position.
import { Field } from './dashboardParts.tsx';
import { Group, GroupError, RemoveButton, type RuleEdits } from './dashboardRuleEditorParts.tsx';
import { nextKey } from './ruleDraft.ts';

export function RulePromotions({ draft, err, edit, add, remove }: RuleEdits) {
  return (
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
  );
}
