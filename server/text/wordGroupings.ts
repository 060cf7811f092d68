/** Every way to join runs of adjacent words: `a b c` gives `a b c`, `ab c`, `a bc`, `abc`. */
export function groupings(words: readonly string[]): string[][] {
  const all: string[][] = [];
  const joinsCount = 2 ** (words.length - 1);
  for (let joins = 0; joins < joinsCount; joins++) {
    const groups = [words[0]!];
    for (let i = 1; i < words.length; i++) {
      if (joins & (1 << (i - 1))) groups[groups.length - 1] += words[i]!;
      else groups.push(words[i]!);
    }
    all.push(groups);
  }
  return all;
}
