import type { HeadingHTMLAttributes } from 'preact';
import { useWidget } from './WidgetContext.ts';

export interface HeadingProps extends HeadingHTMLAttributes<HTMLHeadingElement> {
  /** One level below the widget's headings: a result's title under "Results". */
  sub?: boolean;
}

/**
 * A heading at the widget's `headingLevel` (or the one below), so screen reader users
 * can jump from area to area, and from result to result, by heading.
 */
export function Heading({ sub, ...props }: HeadingProps) {
  const level = Math.min(6, (useWidget().config.headingLevel ?? 2) + (sub ? 1 : 0));
  const H = `h${level}` as 'h2';
  return <H {...props} />;
}
