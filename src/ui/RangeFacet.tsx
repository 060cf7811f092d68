import type { TargetedEvent } from 'preact';
import { readRange, setRange, type RangeSelection } from '../core/searchState.ts';
import { rangeLabel } from './filterLabels.ts';
import { countedName, format } from './messages.ts';
import { useSearchController } from './SearchContext.ts';
import { useWidget, type RangeField } from './WidgetContext.ts';

/** A range facet: the buckets with their counts (one chosen at a time), and a from/to pair (both taken in) for any range. */
export function RangeFacet({ field, label, ranges }: RangeField) {
  const { results, filters, setFilters } = useSearchController();
  const { m } = useWidget();
  const chosen = filters.value.ranges?.[field];
  const counts = results.value?.rangeFacets?.[`custom_fields.${field}`] ?? [];
  const choose = (range: RangeSelection | null) => setFilters(setRange(filters.value, field, range));
  const same = (a: RangeSelection) => chosen?.from === a.from && chosen?.to === a.to && !chosen?.toExcluded === !a.toExcluded;
  const onSubmit = (event: TargetedEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    choose(readRange(data.get('from'), data.get('to')));
  };
  return (
    <fieldset class="ss-facet">
      <legend class="ss-facet-title">{label}</legend>
      {ranges.map((each, index) => {
        // The API counts a bucket with `to` excluded, so choosing it leaves `to` out too.
        const range = readRange(each.from, each.to, true);
        const count = counts[index]?.count;
        // A bucket that holds nothing for this search is left out, unless it is the one chosen.
        if (count === 0 && !same(range)) return null;
        return (
          <button
            key={index}
            type="button"
            class="ss-check ss-bucket"
            aria-pressed={same(range)}
            aria-label={typeof count === 'number' ? countedName(m, rangeLabel(m, range), count) : undefined}
            disabled={!count && !same(range)}
            onClick={() => choose(same(range) ? null : range)}
          >
            <span class="ss-grow">{rangeLabel(m, range)}</span> {typeof count === 'number' && <span class="ss-count">{format(m, '{n}', { n: count })}</span>}
          </button>
        );
      })}
      {/* Keyed by the choice, so the inputs show it again after a bucket or a chip changed it. */}
      <form class="ss-range" onSubmit={onSubmit} key={`${chosen?.from}:${chosen?.to}`}>
        {(['from', 'to'] as const).map((key) => (
          <label key={key}>
            {m[key]}
            <input class="ss-field" name={key} type="number" step="any" value={chosen?.[key]} />
          </label>
        ))}
        <button type="submit" class="ss-link">
          {m.apply}
        </button>
      </form>
    </fieldset>
  );
}
