/** A cross. Decorative: the button that holds it carries the name. */
export function ClearIcon() {
  return (
    <svg class="ss-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
    </svg>
  );
}
