/** Dates of the dashboard's range picker: `yyyy-MM-dd` strings of UTC days, as the report takes them. */

const DAY = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of `time` as `yyyy-MM-dd`. */
export function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The `days` days up to and including the UTC day of `now`. */
export function lastDays(days: number, now: number): { from: string; to: string } {
  const today = Math.floor(now / DAY) * DAY;
  return { from: isoDay(today - (days - 1) * DAY), to: isoDay(today) };
}

/** Which preset a range is, if any, as of `now`. */
export function presetOf(range: { from: string; to: string }, presets: readonly number[], now: number): number | null {
  return (
    presets.find((days) => {
      const preset = lastDays(days, now);
      return preset.from === range.from && preset.to === range.to;
    }) ?? null
  );
}

/** What is wrong with a range, in words for the form, or null. */
export function rangeProblem(range: { from: string; to: string }, maxDays: number): string | null {
  if (!DATE.test(range.from) || Number.isNaN(Date.parse(range.from))) return 'Enter a start date.';
  if (!DATE.test(range.to) || Number.isNaN(Date.parse(range.to))) return 'Enter an end date.';
  const days = (Date.parse(range.to) - Date.parse(range.from)) / DAY + 1;
  if (days < 1) return 'The start date must be on or before the end date.';
  if (days > maxDays) return `Choose at most ${maxDays} days.`;
  return null;
}

/** `2026-03-05` as `Mar 5` (UTC, English), for chart labels. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** `2026-03-05` as `5 March 2026`, for sentences. */
export function longDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
