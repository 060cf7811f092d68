import { local } from './local.ts';
import { randomId } from './randomId.ts';

/** A session ends after this long without a search or a click. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

interface StoredSession {
  id: string;
  /** Last activity, ms since the epoch. */
  at: number;
}

/**
 * The visitor's session id (32 hex characters), shared by the pages of the site through
 * localStorage and renewed after 30 minutes without activity. Each call counts as
 * activity, so call it for events only.
 */
export function sessionId(now: number = Date.now()): string {
  const stored = local<StoredSession>('ss-session');
  const id = stored && typeof stored.id === 'string' && /^[0-9a-f]{32}$/.test(stored.id) && now - stored.at < SESSION_IDLE_MS ? stored.id : randomId();
  local<StoredSession>('ss-session', { id, at: now });
  return id;
}
