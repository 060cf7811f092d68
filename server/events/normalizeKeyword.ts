/**
 * The form a keyword is counted and boosted under: trimmed, lower case, runs of
 * whitespace as one space. "Flex Box " and "flex  box" are one keyword in the report.
 */
export function normalizeKeyword(keyword: string): string {
  return keyword.trim().toLowerCase().replace(/\s+/g, ' ');
}
