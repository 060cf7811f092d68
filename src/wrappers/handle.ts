import type { MountedWidget } from '../ui/mount.tsx';

/**
 * What a React `ref` or a Vue template ref to the component holds: the mounted widget's
 * methods but `destroy`, which the component calls itself when it unmounts. Each does
 * nothing before the widget is mounted (on the server, or before the first effect).
 */
export type SiteSearchHandle = Pick<MountedWidget, 'search' | 'update' | 'setConsent'>;

/** A handle over whichever widget `current` gives at the time of each call. */
export function handleOf(current: () => MountedWidget | undefined): SiteSearchHandle {
  return {
    search: (term) => current()?.search(term),
    update: (options) => current()?.update(options),
    setConsent: (granted) => current()?.setConsent(granted),
  };
}
