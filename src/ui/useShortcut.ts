import { useEffect, useRef } from 'preact/hooks';

/** Whether the key went to something the user types into. */
function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.matches('input, textarea, select'));
}

/** Whether the platform names the key Cmd (⌘) rather than Ctrl. */
export const apple = (): boolean => /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * Calls `onPress` for Ctrl/Cmd+K from anywhere (with `true`: a key that may also close
 * what it opened), and for `/` unless the user is typing in a field.
 */
export function useShortcut(onPress: ((k: boolean) => void) | false): void {
  // The newest callback, read at key time, so the listener is added once, not per render.
  const latest = useRef(onPress);
  latest.current = onPress;
  const on = !!onPress;
  useEffect(() => {
    if (!on) return;
    const listener = (event: KeyboardEvent) => {
      const k = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey);
      if ((event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey) || k) {
        // Inside a shadow root the target is the host; the path starts at the field.
        if ((!k && typing(event.composedPath()[0] ?? null)) || event.defaultPrevented) return;
        event.preventDefault();
        if (latest.current) latest.current(k);
      }
    };
    addEventListener('keydown', listener);
    return () => removeEventListener('keydown', listener);
  }, [on]);
}
