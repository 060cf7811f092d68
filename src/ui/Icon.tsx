/**
 * A decorative line icon, `d` stroked in the text colour on a 24-unit grid: the element
 * that holds it carries the name.
 */
export const icon = (d: string, size: number, stroke = 2) => (
  <svg
    class="ss-icon"
    viewBox="0 0 24 24"
    // In rem, not pixels: a page that sets a larger root font size gets larger icons too.
    width={`${size / 16}rem`}
    height={`${size / 16}rem`}
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    stroke-width={stroke}
    stroke-linecap="round"
    stroke-linejoin="round"
  >
    <path d={d} />
  </svg>
);
