const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Epoch milliseconds of midnight UTC of a real `yyyy-MM-dd` date, or null. */
export function parseCalendarDate(text: string): number | null {
  const m = DATE.exec(text);
  if (m === null) return null;
  return utcTime(Number(m[1]), Number(m[2]), Number(m[3]), 0, 0, 0, 0);
}

/** Epoch milliseconds of the given UTC fields, or null when they name no real moment. */
export function utcTime(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number): number | null {
  if (hour > 23 || minute > 59 || second > 59) return null;
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 onto 1900-1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  // Date rolls 2023-02-30 over into March; a real date survives the round trip.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date.getTime();
}
