import type { MountOptions } from '../ui/mount.tsx';
import { sameOptions } from './sameOptions.ts';

type Options = Partial<Omit<MountOptions, 'onResults'>>;

/**
 * What `MountedWidget.update` needs to go from the options `before` to `after`, or
 * undefined when they say the same: every key of both, so that an option left out now is
 * reset (undefined), not kept from before.
 */
export function changesFrom(before: Options, after: Options): Options | undefined {
  if (sameOptions(before, after)) return undefined;
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof Options>;
  return Object.fromEntries([...keys].map((key) => [key, after[key]]));
}
