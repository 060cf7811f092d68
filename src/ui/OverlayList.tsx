import type { Signal } from '@preact/signals';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import { capTerm } from '../core/capTerm.ts';
import type { SearchHit } from '../client/types.ts';
import { createListNavigation } from '../core/createListNavigation.ts';
import { resultsPageUrl } from '../core/resultsPageUrl.ts';
import { safeLinkUrl, safeText } from '../core/safeUrl.ts';
import { sectionViews } from '../core/sectionViews.ts';
import { ClearIcon } from './ClearIcon.tsx';
import { HistoryIcon } from './HistoryIcon.tsx';
import { highlight } from './Highlight.tsx';
import { dateFormat, format } from './messages.ts';
import { OVERLAY_NOTE, REDIRECT, SEE_ALL } from './laterStyles.ts';
import { RedirectLabel } from './RedirectLabel.tsx';
import { resultItem, type ResultContext } from './ResultItem.tsx';
import { Results } from './Results.tsx';
import { SearchIcon } from './SearchIcon.tsx';
import { SECTION_LINK, SECTION_OPTION, SECTION_TEXT } from './sectionStyles.ts';
import { sourceGroups, sourceHits, sourcesShown } from './SourceGroups.tsx';
import { useSearchController } from './SearchContext.ts';
import { useWidget } from './WidgetContext.ts';

/** What the overlay's field asks of its list: ARIA values for the field, and the keys. */
export interface OverlayCombobox {
  input(): Record<string, string | undefined>;
  /** ↓ and ↑ move, Enter opens the active option, Delete forgets an active recent search; true when handled. */
  onKey(event: KeyboardEvent): boolean;
  /** The active option, or -1 (the field). */
  active(): number;
}

export interface OverlayListProps {
  /** Prefix of the element ids; unique on the page. */
  id: string;
  /** Where the list puts what its field needs while it is there (the script tag loads it when the overlay opens). */
  combobox: Signal<OverlayCombobox | null>;
  /** The site's results page; the last option goes there with the term. @default none: the last option shows more results in place */
  resultsUrl?: string | undefined;
}

/**
 * The overlay's one listbox, which its search field controls, and under it what the keys do
 * (with the list, so that the script tag loads both when the overlay first opens): before any typing the
 * visitor's recent searches (else the site's popular ones, else a line saying there are
 * none); then "Go to …" when a query rule sends the search to a page of the site's own,
 * the results, each followed by its page's sections (an option each, as the page's is),
 * and last "See all N results". The field keeps the focus: ↑
 * and ↓ move the active option, Enter opens it.
 */
export function OverlayList(props: OverlayListProps) {
  const { m } = useWidget();
  return (
    <>
      <OverlayOptions {...props} />
      {/* What the keys do, for those who see it; a screen reader has its own words for them. */}
      {/* Each hint isolated (dir="auto"): in a right-to-left page an English hint keeps its key first. */}
      <p class="ss-dialog-foot" aria-hidden="true">
        <span dir="auto">
          <kbd class="ss-kbd">↵</kbd> {(props.combobox.value?.active() ?? -1) >= 0 ? m.keyOpen : m.keySearch}
        </span>
        <span dir="auto">
          <kbd class="ss-kbd">↑</kbd> <kbd class="ss-kbd">↓</kbd> {m.keyMove}
        </span>
        <span dir="auto">
          <kbd class="ss-kbd">esc</kbd> {m.keyClose}
        </span>
      </p>
    </>
  );
}

/** The list itself (OverlayList adds the key hints under it). */
function OverlayOptions({ id, combobox, resultsUrl }: OverlayListProps) {
  const nav = useMemo(() => createListNavigation(id), [id]);
  // The element itself, not by document.getElementById: the widget may sit in a shadow root.
  const listRef = useRef<HTMLUListElement>(null);
  const { term, results, resultsTerm, status, setTerm, submit, loadMore } = useSearchController();
  // The term Enter was pressed for before its answer came: opened once it does.
  const pendingEnter = useRef('');
  // What Enter opens from the field: "See all N results" with a results page, else the first
  // hit; nothing (the form submits) when the answer is a redirect (SearchBox follows it) or empty.
  const enterOption = (): HTMLElement | null => {
    const response = results.peek();
    if (!response || status.peek() !== 'done' || resultsTerm.peek() !== capTerm(term.peek()) || safeLinkUrl(response.redirect)) return null;
    // As rendered for this answer: "See all" when there is one, else the first option.
    const list = listRef.current;
    return (
      (resultsUrl !== undefined && list?.querySelector<HTMLElement>('.ss-see-all')) || (list?.querySelector<HTMLElement>(`[id="${nav.optionId(0)}"]`) ?? null)
    );
  };
  // As a click on the result's title would be: followed below, counted by the tracker.
  const openOption = (at: HTMLElement) => (at.querySelector<HTMLElement>('.ss-hit-link, .ss-section-link') ?? at).click();
  useLayoutEffect(() => {
    const option = () => (nav.active.peek() >= 0 ? listRef.current?.querySelector<HTMLElement>(`[id="${nav.optionId(nav.active.peek())}"]`) : null);
    combobox.value = {
      input: nav.input,
      active: () => nav.active.value,
      onKey(event) {
        if (nav.key(event.key)) return true;
        const at = option();
        if (event.key === 'Enter' && at) {
          openOption(at);
          return true;
        }
        if (event.key === 'Enter' && !at) {
          const target = enterOption();
          if (target) {
            openOption(target);
            return true;
          }
          // Not answered yet: the form submits (at once), and the answer is opened as it comes.
          pendingEnter.current = capTerm(term.peek());
          return false;
        }
        // Delete on an active recent search forgets it, as its × button does.
        const remove = event.key === 'Delete' && at?.querySelector<HTMLElement>('.ss-remove');
        if (remove) remove.click();
        return !!remove;
      },
    };
    return () => (combobox.value = null);
  }, [nav, combobox]);
  const { m, config, suggestions, sources } = useWidget();
  const empty = term.value.trim() === '';
  // The recent searches are the suggestion state's items while the field is empty.
  useEffect(() => {
    if (empty) suggestions?.showRecent();
  }, [empty, suggestions]);
  const recent = empty ? (suggestions?.items.value.filter((item) => item.recent).map((item) => item.value) ?? []) : [];
  const terms = empty ? (recent.length ? recent : (config.popularSearches ?? [])) : [];
  const response = status.value === 'error' || empty ? null : results.value;
  // Several indices: a group per source with hits or a failure, the hits one source after another.
  const shownSources = sources && !empty ? sourcesShown(sources) : null;
  const hits = shownSources ? sourceHits(shownSources) : (response?.hits ?? []);
  const sections = hits.map(sectionViews);
  const options = hits.length + sections.flat().length;
  // A rule's redirect, for the term in the field only (the answer may be an older term's);
  // only an address to link to: the answer is not trusted.
  const redirect = (response && resultsTerm.value === capTerm(term.value) && safeLinkUrl(response.redirect)) || null;
  // Where the results start among the options: after the redirect.
  const first = redirect ? 1 : 0;
  // With several indices the results page opens on the first (its own search, or its first
  // tab): "See all N" counts that index's hits, not every index's together.
  const total = (sources?.[0]?.controller.results ?? results).value?.total_hits ?? 0;
  const more = !!response && (resultsUrl !== undefined ? total > 0 : hits.length < response.total_hits);
  const count = terms.length + first + options + (more ? 1 : 0);
  useLayoutEffect(() => nav.setCount(count), [count, nav]);
  // Other results (or none) under the arrow: start again from the field. The same hits
  // for a longer term (`gri`, `grid`) keep the option the visitor arrowed to.
  const shown = [redirect, ...hits.map((hit, index) => `${hit.id}:${sections[index]!.length}`)].join(' ');
  useLayoutEffect(() => nav.reset(), [shown, empty, nav]);
  const active = nav.active.value;
  const answered = status.value === 'done' ? resultsTerm.value : '';
  const typed = capTerm(term.value);
  // Typed on after Enter: that Enter was for another term.
  useLayoutEffect(() => {
    if (typed !== pendingEnter.current) pendingEnter.current = '';
  }, [typed]);
  useLayoutEffect(() => {
    if (!pendingEnter.current || answered !== pendingEnter.current) return;
    pendingEnter.current = '';
    // Still the term in the field and nothing arrowed to since: Enter meant this answer.
    const target = nav.active.peek() < 0 ? enterOption() : null;
    if (target) openOption(target);
  }, [answered, results.value]);
  useLayoutEffect(() => {
    if (active >= 0) listRef.current?.querySelector(`[id="${nav.optionId(active)}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, nav]);

  // Options hold no links (a listbox's options hold nothing focusable): a click anywhere on
  // one, or Enter through the overlay, follows the address; with Ctrl, ⌘ or Shift, or the
  // middle button, in a new tab. The search that led there was worth keeping.
  const follow = (event: MouseEvent, href: string | null) => {
    if (!href) return;
    suggestions?.remember(resultsTerm.peek());
    if (event.button === 1 || event.ctrlKey || event.metaKey || event.shiftKey) open(href, '_blank', 'noopener');
    else location.assign(href);
  };
  const pick = (value: string) => {
    suggestions?.remember(value);
    setTerm(value);
    submit();
  };
  const list = nav.list();

  if (empty) {
    const title = recent.length ? m.recentSearches : m.popularSearches;
    return (
      <>
        {!terms.length && (
          <p class="ss-overlay-note" style={OVERLAY_NOTE}>
            {m.noRecentSearches}
          </p>
        )}
        {terms.length > 0 && (
          <p class="ss-suggest-title" id={`${list.id}-title`}>
            {title}
          </p>
        )}
        {/* Outside the listbox, which holds options only; the active recent option is described by it. */}
        <p id={`${list.id}-hint`} hidden>
          {m.removeRecentHint}
        </p>
        <ul ref={listRef} class="ss-overlay-list" {...list} aria-labelledby={`${list.id}-title`} hidden={!terms.length}>
          {terms.map((value, index) => (
            <li
              key={value}
              class="ss-option"
              {...nav.option(index)}
              // The remove button's name is not part of the option's.
              aria-label={value}
              aria-describedby={recent.length ? `${list.id}-hint` : undefined}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(value)}
            >
              {recent.length ? <HistoryIcon /> : <SearchIcon />}
              <span class="ss-grow">{value}</span>
              {recent.length > 0 && (
                // Not focusable: the field keeps the focus; focusable content in an option is lost to screen readers.
                <span
                  role="button"
                  class="ss-remove"
                  aria-label={format(m, m.removeRecent, { term: value })}
                  title={format(m, m.removeRecent, { term: value })}
                  onClick={(event) => {
                    event.stopPropagation();
                    suggestions?.removeRecent(index);
                  }}
                >
                  <ClearIcon />
                </span>
              )}
            </li>
          ))}
        </ul>
      </>
    );
  }

  // The site's own page for this search, first: its address, read left to right in every language.
  const go = redirect && (
    <li
      key="redirect"
      class="ss-option ss-redirect"
      style={REDIRECT}
      {...nav.option(0)}
      onMouseDown={(event) => event.preventDefault()}
      onClick={(event) => follow(event, redirect)}
    >
      <RedirectLabel url={redirect} />
    </li>
  );

  const shared: ResultContext = { term: resultsTerm.value, m, fields: config.fields, heading: 'div', date: dateFormat(m) };
  // The next option's index, counted on through the hits and their sections (in every source's group).
  let option = first;
  let next = 0;
  // A hit's option, then its page's sections, an option each; `index` is its place among its
  // own index's hits, which the tracker reports.
  const hitOptions = (hit: SearchHit, index: number) => {
    const href = safeLinkUrl(hit.url);
    const page = safeText(hit.title) || m.untitled;
    const own = sections[next++]!;
    const at = option;
    option += 1 + own.length;
    return [
      <li
        class="ss-item ss-hit-option"
        key={hit.id || index}
        {...nav.option(at)}
        // Which hit it is, for the tracker: "Go to" and the sections stand among the hits.
        data-hit={index}
        // Named by its title: a name from all of the card's text would be long, and not every reader works one out.
        aria-label={(hit.resultType === 'promotion' ? `${m.promoted} ` : '') + page}
        onMouseDown={(event) => event.preventDefault()}
        onClick={(event) => follow(event, href)}
        onAuxClick={(event) => event.button === 1 && follow(event, href)}
      >
        {resultItem(hit, index, shared)}
      </li>,
      // Its page's sections, an option each right after it, named with the page's title so
      // that each is announced as the page's; the tracker counts a click on one as on the page.
      ...own.map(({ title, href: to, passage }, n) => (
        <li
          class="ss-option ss-section-option"
          style={SECTION_OPTION}
          // Its heading and passage take one direction, from the heading's text, and line up together.
          dir="auto"
          key={`${hit.id || index}#${n}`}
          {...nav.option(at + 1 + n)}
          data-hit={index}
          aria-label={`${title} – ${page}`}
          onMouseDown={(event) => event.preventDefault()}
          onClick={(event) => follow(event, to)}
          onAuxClick={(event) => event.button === 1 && follow(event, to)}
        >
          <span class="ss-section-link" style={SECTION_LINK}>
            {title}
          </span>
          {passage.some((part) => part.em) && (
            <span class="ss-section-text" style={SECTION_TEXT}>
              {highlight(passage)}
            </span>
          )}
        </li>
      )),
    ];
  };
  // Called here, not as a component, so that the options are numbered in their order.
  const groups =
    !!shownSources?.length &&
    sourceGroups({ shown: shownSources, listId: list.id, failed: m.errorTitle, count: (n) => format(m, m.resultCount, { n }), options: hitOptions });

  if (!hits.length) {
    return (
      <>
        {/* Named by the field's aria-controls, so always there. */}
        <ul ref={listRef} class="ss-overlay-list" {...list} aria-label={m.results} hidden={!go && !groups}>
          {go}
          {groups}
        </ul>
        {/* The redirect is the answer: no "no results" and spelling advice beside it. */}
        {!go && <Results />}
      </>
    );
  }
  const updating = status.value === 'stalled';
  // With several indices, the one the results page opens on: "See all 60 in Docs".
  const all = format(m, sources ? m.seeAllIn : m.seeAll, { n: total, source: sources?.[0]?.source.label ?? '' });
  return (
    <ul
      ref={listRef}
      class={updating ? 'ss-list ss-overlay-list ss-updating' : 'ss-list ss-overlay-list'}
      part="results"
      {...list}
      aria-label={m.results}
      aria-busy={status.value !== 'done'}
    >
      {go}
      {groups || hits.flatMap(hitOptions)}
      {more && (
        <li
          class="ss-option ss-see-all"
          style={SEE_ALL}
          {...nav.option(option)}
          onMouseDown={(event) => event.preventDefault()}
          onClick={(event) => {
            if (resultsUrl === undefined) return loadMore();
            follow(event, resultsPageUrl(resultsUrl, resultsTerm.peek(), location.href));
          }}
        >
          <span class="ss-grow">{resultsUrl !== undefined ? all : m.loadMore}</span>
        </li>
      )}
    </ul>
  );
}
