/** Titles read to count common words: evenly spaced rowids, so a large index costs what a small one does. */
const SAMPLE = 2_000;

/** Rowids spread evenly up to `maxRowid`, at most SAMPLE: the titles IndexReader.titleSample reads. */
export function sampleRowids(maxRowid: number): number[] {
  const asked = Math.min(maxRowid, SAMPLE);
  return Array.from({ length: asked }, (_, k) => Math.floor(((k + 1) * maxRowid) / asked));
}

/** About how many titles an index holds, from the sample: rowids freed by deletions read as nothing. */
export function estimatedTitles(maxRowid: number, asked: number, found: number): number {
  return asked === 0 ? 0 : (maxRowid * found) / asked;
}
