// Keywords searched often but rarely clicked (the report's `lowClickKeywords`): their
// searches find pages, but not the ones visitors want. Each has three fixes one click
// away: a synonym with words the index knows, a page pinned first (picked by searching
// the index), or a redirect to the page that answers it. Nothing is saved until the
// owner picks a page or an address.
import { useState } from 'preact/hooks';
import { SearchApiError } from '../../../src/client/errors.ts';
import type { StatsReportKeyword } from '../../../src/client/types.ts';
import { errorMessage, type OwnerApi } from './dashboardApi.ts';
import { DocumentPicker } from './dashboardDocumentPicker.tsx';
import { Dialog, Field, Table } from './dashboardParts.tsx';
import { freeRuleId } from './dashboardProposals.tsx';
import { hashOf } from './dashboardRoute.ts';
import { keywordPinRule, keywordRedirectRule, pinRuleId } from './proposalFixes.ts';

const number = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The dialog open, for which keyword. */
type Open = { kind: 'pin' | 'redirect'; keyword: string } | null;
/** What the last fix did, said in words; `rule` links to the rule it saved. */
type Notice = { text: string; rule?: string; failed?: boolean };

export function LowClickKeywords({ api, keywords }: { api: OwnerApi; keywords: StatsReportKeyword[] }) {
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<Notice>({ text: '' });

  const pin = async (keyword: string, document: { id: string; title: string }) => {
    setOpen(null);
    try {
      const id = await freeRuleId(api, pinRuleId(keyword, 'pin'));
      await api.putRule(id, keywordPinRule(keyword, document));
      setNotice({ text: `Rule ${id} saved: a search for “${keyword}” shows ${document.title} first.`, rule: id });
    } catch (error) {
      setNotice({ text: `Not saved. ${errorMessage(error)}`, failed: true });
    }
  };

  return (
    <section class="dash-card dash-wide dash-low-clicks" aria-labelledby="dash-low-clicks">
      <h2 id="dash-low-clicks" class="dash-heading">
        Searched often, rarely clicked
      </h2>
      <p class="dash-hint">
        At least 5 searches found pages, but fewer than 1 in 10 was followed by a click: the pages are not what visitors want. Add a synonym, pin the right page
        first, or send visitors to it.
      </p>
      <p class="dash-status" role="status" aria-live="polite">
        {notice.failed ? '' : notice.text}
        {notice.rule !== undefined && (
          <>
            {' '}
            <a href={hashOf({ page: 'rule', id: notice.rule })}>Open the rule</a>
          </>
        )}
      </p>
      {notice.failed && (
        <p class="dash-problem" role="alert">
          {notice.text}
        </p>
      )}
      <Table
        caption="Keywords searched often whose results are rarely clicked"
        fold
        head={['Keyword', 'Searches', 'Click-through rate', 'Fix']}
        numeric={(column) => column === 1 || column === 2}
        rows={keywords.map((k) => [
          k.keyword,
          number.format(k.searches),
          k.clickThroughRate === null ? '–' : percent.format(k.clickThroughRate),
          <span class="dash-actions">
            <a href={hashOf({ page: 'synonyms', add: k.keyword })} aria-label={`Add a synonym for “${k.keyword}”`}>
              Add synonym
            </a>
            <button type="button" aria-label={`Pin a page for “${k.keyword}”`} onClick={() => setOpen({ kind: 'pin', keyword: k.keyword })}>
              Pin a page
            </button>
            <button type="button" aria-label={`Redirect “${k.keyword}”`} onClick={() => setOpen({ kind: 'redirect', keyword: k.keyword })}>
              Redirect
            </button>
          </span>,
        ])}
        empty="No keyword is searched often and rarely clicked in this range."
      />
      {open?.kind === 'pin' && (
        <DocumentPicker
          api={api}
          title={`Pin a page first for “${open.keyword}”`}
          initialTerm={open.keyword}
          onChoose={(document) => void pin(open.keyword, document)}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'redirect' && (
        <RedirectDialog
          api={api}
          keyword={open.keyword}
          onSaved={(id, url) => {
            setOpen(null);
            setNotice({ text: `Rule ${id} saved: a search for “${open.keyword}” sends visitors to ${url}.`, rule: id });
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}

/** Asks for the address a search for `keyword` should go to, and saves a rule with that redirect. */
function RedirectDialog({
  api,
  keyword,
  onSaved,
  onClose,
}: {
  api: OwnerApi;
  keyword: string;
  onSaved: (id: string, url: string) => void;
  onClose: () => void;
}) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  const save = async (event: Event) => {
    event.preventDefault();
    if (saving) return;
    const address = url.trim();
    if (!/^https?:\/\/\S+$/i.test(address) || !URL.canParse(address)) {
      setError('Type a full address that starts with https:// or http://.');
      return;
    }
    setSaving(true);
    try {
      const id = await freeRuleId(api, pinRuleId(keyword, 'redirect'));
      await api.putRule(id, keywordRedirectRule(keyword, address));
      onSaved(id, address);
    } catch (failure) {
      setSaving(false);
      setError(failure instanceof SearchApiError && failure.status === 400 ? failure.message : `Not saved. ${errorMessage(failure)}`);
    }
  };

  return (
    <Dialog title={`Send a search for “${keyword}” to a page`} onClose={onClose}>
      <form onSubmit={(event) => void save(event)} noValidate>
        <Field
          path="redirect-url"
          label="Address of the page"
          hint="Visitors who search exactly these words go there instead of the results."
          error={error}
          wide
        >
          {(control) => (
            <input
              {...control}
              type="url"
              value={url}
              autoFocus
              autoComplete="url"
              placeholder="https://"
              onInput={(e) => {
                setUrl(e.currentTarget.value);
                setError(undefined);
              }}
            />
          )}
        </Field>
        <div class="dash-buttons">
          <button type="submit" class="dash-primary" aria-disabled={saving}>
            {saving ? 'Saving…' : 'Save rule'}
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
