import { TAG_MAX_CHARS, USER_TOKEN_MAX_CHARS, WIDGET_TERM_MAX_CHARS } from '../client/limits.ts';
import type { ClickEvent, SearchEvent, StatsEvent } from '../client/types.ts';
import { randomId } from './randomId.ts';
import { sessionId } from './sessionId.ts';

/** What the site owner decides about every event. */
export interface EventSettings {
  /** Sent as `tag` (cut to 50 characters). */
  tag?: string | undefined;
  /** Rewrites the keyword before the event is kept or sent; `null` drops the event. */
  transformKeyword?: ((keyword: string) => string | null) | undefined;
  /** The signed-in user's token as the site's server signed it, sent with searches and clicks (personal results); left out past 127 characters, which the service refuses. */
  userToken?: string | undefined;
}

type Fields = Omit<SearchEvent, 'session' | 'tag' | 'eventId' | 'userToken'> | Omit<ClickEvent, 'session' | 'tag' | 'eventId' | 'userToken'>;

/**
 * A whole stats event: the fields given, the session, the tag and a fresh `eventId`
 * (which lets the service store a resent event once). The keyword goes through
 * `transformKeyword` first; null when the hook drops it (or throws: when in doubt,
 * nothing leaves).
 */
export function buildEvent(fields: Fields, settings: EventSettings, now?: number): StatsEvent | null {
  let keyword: string | null = fields.keyword;
  try {
    if (settings.transformKeyword) keyword = settings.transformKeyword(keyword);
  } catch {
    keyword = null;
  }
  if (typeof keyword !== 'string') return null;
  const event = { ...fields, keyword: keyword.slice(0, WIDGET_TERM_MAX_CHARS), session: sessionId(now), eventId: randomId() } as StatsEvent;
  if (settings.tag) event.tag = settings.tag.slice(0, TAG_MAX_CHARS);
  // A token cut short would name another user.
  // Unchanged, on searches too: the service takes a click for the profile only from a session that searched as the user.
  if (settings.userToken && settings.userToken.length <= USER_TOKEN_MAX_CHARS) event.userToken = settings.userToken;
  return event;
}
