/**
 * The runs of a text a typed name (`str.split`, see ranking's typedName) can be found in:
 * a name holds no space, so each place it stands lies inside one run of non-space
 * characters, and the run alone answers whether it stands there whole.
 */

/** Punctuation that joins the parts of a name: `work_mem`, `os.path`, `std::vector`, `--max-old-space-size`, `C++`, `#id`, `@dataclass`. */
export const NAME_PUNCTUATION = /[._:#@+-]/;

const RUN = /\S+/g;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The distinct runs that hold a name's punctuation and a letter or digit and end past
 * `from` (a run cut there is given whole), in order, one space between them: with the
 * text's first `from` characters, they find a typed name exactly where the whole text does.
 */
export function nameRunsFrom(text: string, from: number): string {
  const runs = new Set<string>();
  for (const match of text.matchAll(RUN)) {
    const run = match[0];
    if (match.index + run.length > from && NAME_PUNCTUATION.test(run) && LETTER_OR_DIGIT.test(run)) runs.add(run);
  }
  return [...runs].join(' ');
}
