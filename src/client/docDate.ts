import { parseCalendarDate, utcTime } from './calendarDate.ts';

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))$/i;
const EPOCH_MS = /^-?\d{1,15}$/;
/** 9999-12-31T23:59:59.999Z: `ts` has a four-digit year. */
const LATEST = 253_402_300_799_999;

/**
 * Epoch milliseconds of a `doc_date` in one of its three forms (`yyyy-MM-dd`, a date-time
 * with `Z` or an offset, epoch milliseconds as a string), or null when it is none of them.
 */
export function parseDocDate(text: string): number | null {
  const time = parseAnyForm(text);
  return time !== null && time >= 0 && time <= LATEST ? time : null;
}

function parseAnyForm(text: string): number | null {
  if (EPOCH_MS.test(text)) return Number(text);
  const date = parseCalendarDate(text);
  if (date !== null) return date;
  const m = DATE_TIME.exec(text);
  if (m === null) return null;
  const fraction = (m[7] ?? '').padEnd(3, '0').slice(0, 3);
  const local = utcTime(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0), Number(fraction));
  if (local === null) return null;
  if (m[8] !== undefined) return local;
  const offsetHours = Number(m[10]);
  const offsetMinutes = Number(m[11]);
  if (offsetHours > 23 || offsetMinutes > 59) return null;
  const offset = (offsetHours * 60 + offsetMinutes) * 60_000;
  // 10:00+02:00 is 08:00 UTC.
  return m[9] === '+' ? local - offset : local + offset;
}
