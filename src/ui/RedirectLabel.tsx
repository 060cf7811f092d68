import { displayUrl } from '../core/safeUrl.ts';
import { GO, GO_URL } from './laterStyles.ts';
import { useWidget } from './WidgetContext.ts';

/**
 * "Go to …" a rule's redirect, in the widget's language. The address reads left to right in
 * every language and stays whole: on a line of its own where the words before it leave no
 * room (never broken at a hyphen or a slash), cut at its end where it is longer than a line.
 */
export function RedirectLabel({ url }: { url: string }) {
  const { m } = useWidget();
  const [before = '', after = ''] = m.goTo.split('{url}');
  return (
    <span class="ss-grow ss-go" style={GO}>
      {before}
      <span class="ss-go-url" dir="ltr" style={GO_URL}>{`\u2066${displayUrl(url)}\u2069`}</span>
      {after}
    </span>
  );
}
