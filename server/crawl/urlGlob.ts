// Globs over whole URLs and parameter names. Not picomatch or minimatch: they match file
// paths, where `**` spans whole segments only (`https://h/gu**` would not reach below
// /guide/), `//` and a leading `!` mean something else, and `(`, `[`, `{` and `+` of a URL
// start extglobs, classes and braces. Here only `**`, `*` and `?` are special, and matching
// carries the set of reachable text positions one pattern step at a time (no backtracking),
// so a pattern of many stars costs at most pattern × text steps on any URL.

/** Tests a text against a glob: `**` any characters, `*` any but `/`, `?` one character, `\` makes the next character plain. */
export type UrlGlob = (text: string) => boolean;

type Step = { kind: 'any' } | { kind: 'segment' } | { kind: 'one' } | { kind: 'literal'; text: string };

export function urlGlob(pattern: string, options: { ignoreCase?: boolean } = {}): UrlGlob {
  const fold = options.ignoreCase === true ? (s: string): string => s.toLowerCase() : (s: string): string => s;
  const steps = compile(fold(pattern));
  return (text) => matches(steps, fold(text));
}

function compile(pattern: string): Step[] {
  const steps: Step[] = [];
  const literal = (char: string): void => {
    const last = steps.at(-1);
    if (last?.kind === 'literal') last.text += char;
    else steps.push({ kind: 'literal', text: char });
  };
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    const last = steps.at(-1)?.kind;
    if (char === '\\' && i + 1 < pattern.length) {
      literal(pattern[++i] as string);
    } else if (char === '*' && pattern[i + 1] === '*') {
      while (pattern[i + 1] === '*') i++;
      // `**` already matches anything `*` would: a run of stars is one step.
      if (last === 'segment') steps.pop();
      if (steps.at(-1)?.kind !== 'any') steps.push({ kind: 'any' });
    } else if (char === '*') {
      if (last !== 'any' && last !== 'segment') steps.push({ kind: 'segment' });
    } else if (char === '?') {
      steps.push({ kind: 'one' });
    } else {
      literal(char);
    }
  }
  return steps;
}

/** Carries the positions of `text` the pattern so far can end at (ascending, each once) one step at a time. */
function matches(steps: readonly Step[], text: string): boolean {
  let at = [0];
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as Step;
    const next: number[] = [];
    if (step.kind === 'any') {
      if (i === steps.length - 1) return true;
      const after = steps[i + 1] as Step;
      if (after.kind === 'literal') {
        // `**` and the text after it: where that text stands, found by the string search.
        for (let p = text.indexOf(after.text, at[0]); p !== -1; p = text.indexOf(after.text, p + 1)) next.push(p + after.text.length);
        i++;
      } else {
        for (let p = at[0] as number; p <= text.length; p++) next.push(p);
      }
    } else if (step.kind === 'segment') {
      // Every start before the next '/' ends at the same places: `filled` is where the last run stopped.
      let filled = 0;
      for (const p of at) {
        if (p < filled) continue;
        let q = p;
        next.push(q);
        while (q < text.length && text[q] !== '/') next.push(++q);
        filled = q + 1;
      }
    } else if (step.kind === 'one') {
      for (const p of at) if (p < text.length) next.push(p + 1);
    } else {
      for (const p of at) if (text.startsWith(step.text, p)) next.push(p + step.text.length);
    }
    if (next.length === 0) return false;
    at = next;
  }
  return at.at(-1) === text.length;
}
