// The synonyms and stop words of the index, edited as text and saved with one PATCH of
// its settings. A line the page cannot read, or a field the API refuses, is named beside
// its box; what was typed stays.
import { useState } from 'preact/hooks';
import { SearchApiError } from '../../../src/client/errors.ts';
import type { IndexSettings } from '../../../src/client/types.ts';
import { errorMessage, type OwnerApi } from './dashboardApi.ts';
import { Field, fieldId } from './dashboardParts.tsx';
import { LoadState, useLoad } from './loadState.tsx';
import { linesOfSynonyms, stopWordsOfText, synonymsOfLines } from './synonymLines.ts';

type Errors = { synonyms?: string; stopWords?: string; form?: string };

/** `add`: a word (a search that found nothing) to start a new one-way entry with; nothing is saved until Save. */
export function SynonymsPage({ api, add }: { api: OwnerApi; add?: string | undefined }) {
  const [synonyms, setSynonyms] = useState('');
  const [stopWords, setStopWords] = useState('');
  const [saved, setSaved] = useState({ synonyms: '', stopWords: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);

  const show = (settings: IndexSettings) => {
    const text = { synonyms: linesOfSynonyms(settings.synonyms), stopWords: settings.stopWords.join('\n') };
    setSynonyms(text.synonyms);
    setStopWords(text.stopWords);
    setSaved(text);
  };

  const [load, retry] = useLoad(async (signal) => {
    const settings = await api.getSettings({ signal });
    show(settings);
    if (add !== undefined) {
      const text = linesOfSynonyms(settings.synonyms);
      setSynonyms(`${text}${text === '' ? '' : '\n'}${add} => `);
      setStatus(`A line for “${add}” is added at the end: type the words a search for it should also find, then Save.`);
      // After the render that shows the line, with the caret at its end, ready to type.
      setTimeout(() => {
        const box = document.getElementById(fieldId('synonyms'));
        if (!(box instanceof HTMLTextAreaElement)) return;
        box.focus();
        box.setSelectionRange(box.value.length, box.value.length);
        box.scrollTop = box.scrollHeight;
      }, 0);
    }
  });

  const save = async (event: Event) => {
    event.preventDefault();
    if (saving) return;
    setStatus('');
    const parsed = synonymsOfLines(synonyms);
    if (parsed.problems.size > 0) {
      const [line, problem] = [...parsed.problems][0]!;
      const more = parsed.problems.size > 1 ? ` (and ${parsed.problems.size - 1} more ${parsed.problems.size === 2 ? 'line' : 'lines'})` : '';
      return fail({ synonyms: `Line ${line}: ${problem}${more}` });
    }
    setSaving(true);
    try {
      show(await api.patchSettings({ synonyms: parsed.synonyms, stopWords: stopWordsOfText(stopWords) }));
      setErrors({});
      setStatus('Saved. The next search uses them.');
    } catch (error) {
      if (error instanceof SearchApiError && error.status === 400) fail(placeError(error, parsed.entryLines));
      else fail({ form: `Not saved. ${errorMessage(error)}` });
    } finally {
      setSaving(false);
    }
  };
  const fail = (found: Errors) => {
    setErrors(found);
    const first = found.synonyms !== undefined ? 'synonyms' : found.stopWords !== undefined ? 'stopWords' : null;
    // After the render that shows the error, so that the field is described by it when it is announced.
    setTimeout(() => (first === null ? document.getElementById('settings-problem') : document.getElementById(fieldId(first)))?.focus(), 0);
  };

  const changed = synonyms !== saved.synonyms || stopWords !== saved.stopWords;
  return (
    <LoadState load={load} what="The settings" retry={retry}>
      {() => (
        <form class="dash-form" noValidate onSubmit={(e) => void save(e)}>
          {errors.form !== undefined && (
            <div id="settings-problem" class="dash-error" role="alert" tabIndex={-1}>
              <p>{errors.form}</p>
            </div>
          )}
          <section class="dash-card" aria-labelledby="synonyms-heading">
            <h2 id="synonyms-heading" class="dash-heading">
              Synonyms
            </h2>
            <Field
              path="synonyms"
              label="Synonyms, one entry a line"
              hint={
                <>
                  Words that find each other, separated by commas: <code>flexbox, flexible box</code>. One way only, with an arrow:{' '}
                  <code>js =&gt; javascript</code> (a search for js also finds javascript, not the reverse).
                </>
              }
              error={errors.synonyms}
              wide
            >
              {(c) => (
                <textarea
                  {...c}
                  rows={8}
                  spellcheck={false}
                  value={synonyms}
                  onInput={(e) => {
                    setSynonyms(e.currentTarget.value);
                    setErrors(({ synonyms: _, ...rest }) => rest);
                  }}
                />
              )}
            </Field>
          </section>
          <section class="dash-card" aria-labelledby="stop-words-heading">
            <h2 id="stop-words-heading" class="dash-heading">
              Stop words
            </h2>
            <Field
              path="stopWords"
              label="Words to leave out"
              hint="Words a search leaves out unless they are all it has, such as the or of. Separated by spaces, commas or lines."
              error={errors.stopWords}
              wide
            >
              {(c) => (
                <textarea
                  {...c}
                  rows={4}
                  spellcheck={false}
                  value={stopWords}
                  onInput={(e) => {
                    setStopWords(e.currentTarget.value);
                    setErrors(({ stopWords: _, ...rest }) => rest);
                  }}
                />
              )}
            </Field>
          </section>
          <div class="dash-buttons dash-savebar">
            {/* aria-disabled, not disabled: a disabled button drops the focus to the page's body. */}
            <button type="submit" class="dash-primary" aria-disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </button>
            <button
              type="button"
              disabled={!changed || saving}
              onClick={() => {
                setSynonyms(saved.synonyms);
                setStopWords(saved.stopWords);
                setErrors({});
                setStatus('Back to the saved lists.');
              }}
            >
              Undo changes
            </button>
            <p class="dash-status" role="status" aria-live="polite">
              {status}
            </p>
          </div>
        </form>
      )}
    </LoadState>
  );
}

/** The API names the field at fault (`synonyms[3]`, `stopWords[0]`): the box, and for a synonym its line. */
function placeError(error: SearchApiError, entryLines: readonly number[]): Errors {
  const parameter = error.parameter ?? '';
  const entry = /^synonyms\[(\d+)\]/.exec(parameter);
  if (entry !== null) {
    const line = entryLines[Number(entry[1])];
    return { synonyms: line === undefined ? error.message : `Line ${line}: ${error.message}` };
  }
  if (parameter.startsWith('synonyms')) return { synonyms: error.message };
  if (parameter.startsWith('stopWords')) return { stopWords: error.message };
  return { form: `Not saved. ${error.message}` };
}
