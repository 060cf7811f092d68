import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { SourceSearch } from '../core/createSources.ts';
import type { Suggestions } from '../core/createSuggestions.ts';
import { en, type Messages } from './messages.ts';

/** A custom field the widget offers, and the words that name it. */
export interface FieldLabel {
  /** The name without `custom_fields.`. */
  field: string;
  label: string;
}

/** A numeric custom field offered as ranges. */
export interface RangeField extends FieldLabel {
  /** The buckets, `from` inclusive and `to` exclusive. */
  ranges: Array<{ from?: number; to?: number }>;
}

/** What the components show besides the search itself. Everything is off by default. */
export interface WidgetConfig {
  /** Value facets, one box of checkboxes each. @default [] */
  facets?: FieldLabel[] | undefined;
  /** Range facets: buckets with counts and a from/to pair (both bounds taken in). @default [] */
  rangeFacets?: RangeField[] | undefined;
  /** A facet of the categories one path level down. @default false */
  categoryFacet?: boolean | undefined;
  /** Language codes offered by the language filter. @default [] */
  languages?: string[] | undefined;
  /** Show the two date inputs. @default false */
  dateFilter?: boolean | undefined;
  /** Custom fields to sort by, each ascending and descending (besides relevance and date). @default [] */
  sorts?: FieldLabel[] | undefined;
  /** Custom fields shown on each result. @default [] */
  fields?: FieldLabel[] | undefined;
  /**
   * Level of the widget's headings ("Filters", "Results"; visually hidden but for the
   * phone's filter panel): one below the page's heading above the widget.
   * @default 2
   */
  headingLevel?: 2 | 3 | 4 | 5 | 6 | undefined;
  /** A numbered pager or a "show more results" button. @default 'pages' */
  paging?: 'pages' | 'more' | undefined;
  /**
   * The overlay's results page: its last option, "See all N results", goes there with the
   * term, in place of `{query}` or else as the `q` parameter (which the page widget's `url`
   * option reads), e.g. `/search` or `/search?query={query}`.
   * @default none: the last option shows more results in the overlay
   */
  resultsUrl?: string | undefined;
  /**
   * Searches the overlay offers before any typing when the visitor has no recent ones.
   * @default []
   */
  popularSearches?: string[] | undefined;
}

export interface WidgetContextValue {
  m: Messages;
  config: WidgetConfig;
  suggestions: Suggestions | null;
  /** The search of each index, when the box searches several (the `sources` option). @default none */
  sources?: readonly SourceSearch[] | undefined;
}

/** Words, configuration and the suggestion state of the widget around a component. */
export const WidgetContext = createContext<WidgetContextValue>({ m: en, config: {}, suggestions: null });

export const useWidget = (): WidgetContextValue => useContext(WidgetContext);
