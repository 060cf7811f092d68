import { describe, expect, it, vi } from 'vitest';
import type { MountedWidget } from '../ui/mount.tsx';
import { followConsent, setConsent } from './pageConsent.ts';

const widget = (): MountedWidget => ({ search: vi.fn(), update: vi.fn(), destroy: vi.fn(), setConsent: vi.fn() });

describe('page-wide consent', () => {
  it('reaches every followed widget, later ones at once, and none that stopped following', () => {
    const first = widget();
    const gone = widget();
    followConsent(first);
    const unfollow = followConsent(gone);
    // No answer yet: nothing is decided for the widget.
    expect(first.setConsent).not.toHaveBeenCalled();
    unfollow();
    setConsent(true);
    expect(first.setConsent).toHaveBeenCalledWith(true);
    expect(gone.setConsent).not.toHaveBeenCalled();
    const late = widget();
    followConsent(late);
    expect(late.setConsent).toHaveBeenCalledWith(true);
    setConsent(false);
    expect(first.setConsent).toHaveBeenLastCalledWith(false);
    expect(late.setConsent).toHaveBeenLastCalledWith(false);
  });
});
