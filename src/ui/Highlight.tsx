import { parseHighlight } from '../core/parseHighlight.ts';

export interface HighlightProps {
  /** A highlight from the API: matched terms in `<em>`, the rest HTML-escaped. Untrusted. */
  value: string;
}

/**
 * The highlight as text nodes and `<mark>` elements. Built from parsed parts, never
 * from HTML, so whatever markup the string carries shows as text.
 */
export const Highlight = ({ value }: HighlightProps) => (
  <>{parseHighlight(value).map((part) => (part.em ? <mark class="ss-mark">{part.text}</mark> : part.text))}</>
);
