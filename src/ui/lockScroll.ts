/**
 * Keeps the page behind a modal dialog from scrolling; the scroll bar's width becomes
 * padding, so the page does not shift. Returns what undoes it.
 */
export function lockScroll(): () => void {
  const { style, clientWidth } = document.documentElement;
  const { overflow, paddingRight } = style;
  const bar = innerWidth - clientWidth;
  style.overflow = 'hidden';
  if (bar > 0) style.paddingRight = `${bar}px`;
  return () => {
    style.overflow = overflow;
    style.paddingRight = paddingRight;
  };
}
