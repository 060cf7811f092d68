// Rows reused across calls: fuzzy matching compares one word with many thousands.
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

/**
 * Edit distance between `a` and `b` counting insertions, deletions, substitutions and
 * swaps of two neighbouring letters (the usual typing slips), or `max + 1` as soon as
 * it is known to exceed `max`.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (lb + 1 > rowA.length) {
    const size = Math.max(lb + 1, rowA.length * 2);
    rowA = new Int32Array(size);
    rowB = new Int32Array(size);
    rowC = new Int32Array(size);
  }
  // beforePrev = row i-2, prev = row i-1, cur = row i.
  let beforePrev = rowA;
  let prev = rowB;
  let cur = rowC;
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        v = Math.min(v, beforePrev[j - 2]! + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const spare = beforePrev;
    beforePrev = prev;
    prev = cur;
    cur = spare;
  }
  const distance = prev[lb]!;
  return distance <= max ? distance : max + 1;
}
