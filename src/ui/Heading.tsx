import type { HeadingHTMLAttributes } from 'preact';
import { useWidget } from './WidgetContext.ts';

/**
 * A heading at the widget's `headingLevel`, so screen reader users can jump from area
 * to area by heading; a result's title is one level below (see Results).
 */
export function Heading(props: HeadingHTMLAttributes<HTMLHeadingElement>) {
  const H = `h${Math.min(6, useWidget().config.headingLevel ?? 2)}` as 'h2';
  return <H {...props} />;
}
