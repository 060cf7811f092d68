import type { HighlightPart } from '../core/parseHighlight.ts';

export interface HighlightProps {
  /** Text parts, e.g. from `parseHighlight` (a passage) or `markTitle` (a title). */
  parts: HighlightPart[];
}

/**
 * The parts as text nodes and `<mark>` elements. Built from parsed parts, never from
 * HTML, so whatever markup the text carries shows as text.
 */
export const Highlight = ({ parts }: HighlightProps) => <>{highlight(parts)}</>;

/** The children `Highlight` renders, for a list that puts them in its own elements without one component per field. */
export const highlight = (parts: HighlightPart[]) => parts.map((part) => (part.em ? <mark class="ss-mark">{part.text}</mark> : part.text));
