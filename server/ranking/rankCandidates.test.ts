import { describe, expect, it, vi } from 'vitest';
import type { CustomFieldValue } from '../../src/client/types.ts';
import { foldedWords } from '../text/words.ts';
import * as matchText from './matchText.ts';
import type { PlanOptions } from './queryPlan.ts';
import { DEFAULT_RANKING_RULES, rankCandidates, typedName, type Candidate, type RankingRule } from './rankCandidates.ts';
import { testPlan } from '../testing/testPlan.ts';

interface Doc {
  url?: string | null;
  title: string;
  /** The h1–h3 headings, one a line. */
  headings?: string;
  content?: string;
  score: number;
  boost?: number;
  personal?: number;
  fields?: Record<string, CustomFieldValue>;
  /** Longer than the rules read (Candidate.long). */
  long?: boolean;
}

/** The titles in the order `rules` rank `docs` for `term`. */
function order(
  term: string,
  docs: Doc[],
  rules: readonly RankingRule[],
  options: Partial<PlanOptions> = {},
  titleWordWeight?: (word: string) => number,
): string[] {
  const plan = testPlan(
    term,
    docs.flatMap((d) => [d.title, d.headings ?? '', d.content ?? '']),
    options,
  );
  const candidates: Candidate[] = docs.map((d, key) => ({
    key,
    url: d.url === undefined ? `https://example.test/${key}` : d.url,
    title: d.title,
    ...(d.headings !== undefined && { headings: d.headings }),
    content: d.content ?? '',
    score: d.score,
    boost: d.boost ?? 1,
    ...(d.personal !== undefined && { personal: d.personal }),
    customFields: d.fields ?? null,
    ...(d.long === true && { long: true }),
  }));
  // A slot's frequency: the documents holding one of its words.
  const frequencies = plan.slots
    .filter((slot) => !slot.stop)
    .map((slot) => docs.filter((d) => slot.alternatives.some((a) => foldedWords(`${d.title} ${d.content ?? ''}`).includes(a.words[0]!))).length);
  return rankCandidates(plan, candidates, { rules, maxBoost: 1, frequencies, titleWordWeight }).map((c) => c.title);
}

/** Each rule decides against bm25, which alone would order the other way. */
function decides(rule: RankingRule, term: string, docs: Doc[], expected: string[], options: Partial<PlanOptions> = {}) {
  expect(order(term, docs, [rule, 'bm25'], options)).toEqual(expected);
  expect(order(term, docs, ['bm25'], options)).not.toEqual(expected);
}

describe('ranking rules', () => {
  it('words: more query words first, giving up the most frequent first', () => {
    const docs = [
      { title: 'One', content: 'use the api', score: 3 },
      { title: 'Two', content: 'fetch and the api', score: 1 },
      { title: 'Three', content: 'use it', score: 2 },
    ];
    decides('words', 'use fetch api', docs, ['Two', 'One', 'Three'], { operator: 'or' });
  });

  it('typo: fewer typos first', () => {
    decides(
      'typo',
      'socket',
      [
        { title: 'Rocket', score: 2 },
        { title: 'Socket', score: 1 },
      ],
      ['Socket', 'Rocket'],
      { fuzzy: 'all', prefixLast: false },
    );
  });

  it('attribute: words in the title first', () => {
    decides(
      'attribute',
      'fetch',
      [
        { title: 'Guide', content: 'fetch', score: 2 },
        { title: 'Fetch', score: 1 },
      ],
      ['Fetch', 'Guide'],
    );
  });

  it('attribute: a heading holding several query words counts as a title holding as many', () => {
    const docs = [
      { title: 'Logging Cookbook', headings: 'Using loggers\nSending events to a file server', content: 'logging to a file', score: 3 },
      { title: 'Logging HOWTO', headings: 'Basic tutorial\nLogging to a file\nAdvanced tutorial', content: 'logging to a file', score: 1 },
      { title: 'File Objects', headings: 'Reading logs', content: 'logging to a file', score: 2 },
    ];
    // Both titles hold one word; the heading that holds both names the section asked for.
    decides('attribute', 'logging to a file', docs, ['Logging HOWTO', 'Logging Cookbook', 'File Objects']);
  });

  it('words: a heading that names a section counts as holding its words, past the start of the text the rules read', () => {
    const far = `${'other text '.repeat(2_000)}lambda key`;
    // One word: a heading holding it is enough.
    const one = [
      { title: 'Guide', headings: 'Lambda expressions', content: far, score: 1 },
      { title: 'Other', content: 'lambda', score: 2 },
      { title: 'Misc', content: far, score: 3 },
    ];
    decides('words', 'lambda', one, ['Other', 'Guide', 'Misc']);
    // Two: one heading must hold both, not each its own.
    const two = [
      { title: 'Guide', headings: 'Intro\nLambda with a key', content: far, score: 1 },
      { title: 'Other', content: 'lambda key', score: 2 },
      { title: 'Notes', headings: 'Lambda\nKey', content: far, score: 3 },
    ];
    decides('words', 'lambda key', two, ['Other', 'Guide', 'Notes'], { operator: 'or' });
  });

  it("reads a page's headings once across searches, and afresh once they change", () => {
    const tokens = vi.spyOn(matchText, 'textTokens');
    try {
      const docs = (headings: string) => [
        { url: 'https://example.test/headings-read-once', title: 'Guide', headings, content: 'other text', score: 1 },
        { url: 'https://example.test/headings-read-once-other', title: 'Other', content: 'lambda', score: 2 },
      ];
      const headingReads = (line: string) => tokens.mock.calls.filter(([text]) => text === line).length;
      for (let i = 0; i < 3; i++) expect(order('lambda', docs('Lambda expressions'), ['attribute', 'bm25'])).toEqual(['Guide', 'Other']);
      expect(headingReads('Lambda expressions')).toBe(1);
      // The same page with other headings is ranked by them.
      expect(order('lambda', docs('Intro\nUsage'), ['attribute', 'bm25'])).toEqual(['Other', 'Guide']);
      expect(order('lambda', docs('Intro\nLambda forms'), ['attribute', 'bm25'])).toEqual(['Guide', 'Other']);
      expect(headingReads('Lambda forms')).toBe(1);
    } finally {
      tokens.mockRestore();
    }
  });

  it('attribute: one query word in one heading of many does not count as a title', () => {
    const docs = [
      { title: 'Guide', headings: 'Fetch\nOther things', content: 'fetch', score: 2 },
      { title: 'Fetch', score: 1 },
    ];
    decides('attribute', 'fetch', docs, ['Fetch', 'Guide']);
  });

  it('exactness: the title that is the query, then whole words, then words as typed', () => {
    decides(
      'exactness',
      'fetch',
      [
        { title: 'fetch options', score: 2 },
        { title: 'fetch()', score: 1 },
      ],
      ['fetch()', 'fetch options'],
    );
    decides(
      'exactness',
      'fetch',
      [
        { title: 'FetchEvent', score: 2 },
        { title: 'Window fetch', score: 1 },
      ],
      ['Window fetch', 'FetchEvent'],
    );
    decides(
      'exactness',
      'sockets',
      [
        { title: 'Socket list', score: 2 },
        { title: 'Sockets list', score: 1 },
      ],
      ['Sockets list', 'Socket list'],
      {
        prefixLast: false,
      },
    );
    // A punctuated term as typed: the pseudo-class, not the methods of the same name.
    decides(
      'exactness',
      ':has()',
      [
        { title: 'Headers.has()', score: 2 },
        { title: 'CSS selector: :has()', score: 1 },
      ],
      ['CSS selector: :has()', 'Headers.has()'],
      {
        typed: ':has()',
      },
    );
    // Words joined back count as the query: `set timeout` is the title `setTimeout`.
    decides(
      'exactness',
      'set timeout',
      [
        { title: 'set a timeout', score: 2 },
        { title: 'setTimeout', score: 1 },
      ],
      ['setTimeout', 'set a timeout'],
      {
        prefixLast: false,
      },
    );
  });

  it('proximity: query words closer together, in order, first', () => {
    decides(
      'proximity',
      'border radius',
      [
        { title: 'Radius of the border', score: 2 },
        { title: 'Border radius', score: 1 },
      ],
      ['Border radius', 'Radius of the border'],
      {
        prefixLast: false,
      },
    );
    const inContent = [
      { title: 'A', content: 'the border is not near the radius', score: 2 },
      { title: 'B', content: 'a border radius', score: 1 },
    ];
    decides('proximity', 'border radius', inContent, ['B', 'A'], { prefixLast: false });
  });

  it('clicks: clicked documents first, in steps, so a small boost moves nothing', () => {
    const docs = [
      { title: 'Copper kettle', score: 2 },
      { title: 'Steel kettle', score: 1, boost: 1.5 },
    ];
    decides('clicks', 'kettle', docs, ['Steel kettle', 'Copper kettle']);
    expect(order('kettle', [docs[0]!, { ...docs[1]!, boost: 1.1 }], ['clicks', 'bm25'])).toEqual(['Copper kettle', 'Steel kettle']);
  });

  it("clicks: then the user's own profile, in steps, after everyone's clicks and never above an exact title", () => {
    const docs = [
      { title: 'Copper kettle', score: 2 },
      { title: 'Steel kettle', score: 1, personal: 0.5 },
    ];
    decides('clicks', 'kettle', docs, ['Steel kettle', 'Copper kettle']);
    // Less than a step moves nothing but the text score.
    expect(order('kettle', [docs[0]!, { ...docs[1]!, personal: 0.2 }], ['clicks', 'bm25'])).toEqual(['Copper kettle', 'Steel kettle']);
    expect(
      order(
        'kettle',
        [
          { ...docs[0]!, score: 1 },
          { ...docs[1]!, personal: 0.2 },
        ],
        ['clicks', 'bm25'],
      ),
    ).toEqual(['Steel kettle', 'Copper kettle']);
    // Everyone's clicks come first.
    expect(
      order(
        'kettle',
        [
          { ...docs[0]!, boost: 1.5 },
          { ...docs[1]!, personal: 1 },
        ],
        ['clicks', 'bm25'],
      ),
    ).toEqual(['Copper kettle', 'Steel kettle']);
    // The default rules: a title that is the query stays first, however close the other is to the user.
    const exact = [
      { title: 'Kettle', score: 1 },
      { title: 'Kettle steel', score: 1, personal: 1 },
    ];
    expect(order('kettle', exact, DEFAULT_RANKING_RULES)).toEqual(['Kettle', 'Kettle steel']);
  });

  it('body: a long page the engine scores above every page read whole goes first; pages read whole, and long pages scored no higher, are left to the next rule', () => {
    const rules: RankingRule[] = ['body', 'concise'];
    // Long pages: the engine's score first, before the shorter title.
    expect(
      order(
        'parallelism',
        [
          { title: 'threads — Thread-based parallelism', score: 0.8, long: true },
          { title: 'multiprocessing — Process-based parallelism', score: 1, long: true },
        ],
        rules,
      ),
    ).toEqual(['multiprocessing — Process-based parallelism', 'threads — Thread-based parallelism']);
    // Scores within a step (BODY_STEP) of each other are alike: the shorter title first.
    expect(
      order(
        'parallelism',
        [
          { title: 'threads — Thread-based parallelism', score: 0.97, long: true },
          { title: 'multiprocessing — Process-based parallelism', score: 1, long: true },
        ],
        rules,
      ),
    ).toEqual(['threads — Thread-based parallelism', 'multiprocessing — Process-based parallelism']);
    // A long page above every page read whole goes first; one scored no higher is left to the title.
    const docs = [
      { title: 'Kettle care and descaling', score: 0.9 },
      { title: 'Kettle', score: 0.5 },
      { title: 'Kettle history through the ages', score: 0.6, long: true },
      { title: 'Kettles — a long guide', score: 1, long: true },
    ];
    expect(order('kettle', docs, rules)).toEqual(['Kettles — a long guide', 'Kettle', 'Kettle care and descaling', 'Kettle history through the ages']);
    // Without long pages the rule leaves every page tied, whatever their scores.
    expect(order('kettle', docs.slice(0, 2), rules)).toEqual(['Kettle', 'Kettle care and descaling']);
  });

  it('concise: fewer title letters left unmatched first, a completion counting its rest', () => {
    decides(
      'concise',
      'grid',
      [
        { title: 'CSS property: grid-area', score: 2 },
        { title: 'CSS property: grid', score: 1 },
      ],
      ['CSS property: grid', 'CSS property: grid-area'],
    );
    decides(
      'concise',
      'fetc',
      [
        { title: 'FetchEvent', score: 2 },
        { title: 'fetch', score: 1 },
      ],
      ['fetch', 'FetchEvent'],
    );
  });

  it('concise: among titles the query misses, one holding the stem of a query word first', () => {
    const docs = [
      { title: 'HTML element: <fieldset>', content: 'a fieldset is not a flexbox container', score: 3 },
      { title: 'CSS property: flex-flow', content: 'flexbox shorthand', score: 2 },
      { title: 'CSS property: flex', content: 'flexbox items grow', score: 1 },
    ];
    const expected = ['CSS property: flex', 'CSS property: flex-flow', 'HTML element: <fieldset>'];
    decides('concise', 'flexbox', docs, expected);
    decides('concise', 'flexbx', docs, expected);
    // A stem is at least four letters and half the word: `fl` and `box` are not stems of `flexbox`.
    expect(
      order(
        'flexbox',
        [
          { title: 'box', content: 'flexbox', score: 2 },
          { title: 'fl', content: 'flexbox', score: 1 },
        ],
        ['concise', 'bm25'],
      ),
    ).toEqual(['box', 'fl']);
  });

  it('concise: the letters of common title words (labels) do not count, yet a label still keeps a title from being the query', () => {
    const label = (word: string) => (word === 'html' || word === 'element' ? 0 : 1);
    const docs = [
      { title: 'MouseEvent.button', score: 2 },
      { title: 'HTML element: <button>', score: 1 },
    ];
    expect(order('button', docs, ['concise', 'bm25'])).toEqual(['MouseEvent.button', 'HTML element: <button>']);
    expect(order('button', docs, ['concise', 'bm25'], {}, label)).toEqual(['HTML element: <button>', 'MouseEvent.button']);
    const exact = [
      { title: 'HTML element: button', score: 2 },
      { title: 'button', score: 1 },
    ];
    expect(order('button', exact, ['exactness', 'bm25'], {}, label)).toEqual(['button', 'HTML element: button']);
  });

  it('a page comes before its own sections, which follow it', () => {
    const docs = [
      { url: 'https://example.test/text-overflow#ellipsis', title: 'text-overflow › ellipsis', content: 'text ellipsis', score: 3 },
      { url: 'https://example.test/white-space', title: 'white-space', content: 'text ellipsis', score: 2 },
      { url: 'https://example.test/text-overflow', title: 'text-overflow', content: 'text ellipsis', score: 1 },
    ];
    expect(order('ellipsis', docs, ['bm25'])).toEqual(['text-overflow', 'text-overflow › ellipsis', 'white-space']);
    // Documents without an address are neither pages nor sections.
    expect(order('ellipsis', [...docs, { url: null, title: 'no address', content: 'ellipsis', score: 4 }], ['bm25'])[0]).toBe('no address');
    // A section whose page the query did not find stays where the rules put it.
    expect(order('ellipsis', docs.slice(0, 2), ['bm25'])).toEqual(['text-overflow › ellipsis', 'white-space']);
  });

  it('position: the query earlier in the title first', () => {
    decides(
      'position',
      'details',
      [
        { title: 'HTML details', score: 2 },
        { title: 'details element', score: 1 },
      ],
      ['details element', 'HTML details'],
    );
  });

  it('bm25: the engine score, multiplied by the click boost', () => {
    expect(
      order(
        'kettle',
        [
          { title: 'A kettle', score: 1 },
          { title: 'B kettle', score: 2 },
        ],
        ['bm25'],
      ),
    ).toEqual(['B kettle', 'A kettle']);
    expect(
      order(
        'kettle',
        [
          { title: 'A kettle', score: 1.5, boost: 2 },
          { title: 'B kettle', score: 2 },
        ],
        ['bm25'],
      ),
    ).toEqual(['A kettle', 'B kettle']);
  });

  it('custom ranking: by a field, missing values last', () => {
    const docs = [
      { title: 'A kettle', score: 3, fields: { popularity: 1 } },
      { title: 'B kettle', score: 2, fields: { popularity: 5 } },
      { title: 'C kettle', score: 4 },
    ];
    expect(order('kettle', docs, ['desc(custom_fields.popularity)', 'bm25'])).toEqual(['B kettle', 'A kettle', 'C kettle']);
    expect(order('kettle', docs, ['asc(custom_fields.popularity)', 'bm25'])).toEqual(['A kettle', 'B kettle', 'C kettle']);
  });

  it('ignores stop words among other words', () => {
    expect(
      order(
        'how to fetch',
        [
          { title: 'How to cook', score: 2 },
          { title: 'fetch', score: 1 },
        ],
        DEFAULT_RANKING_RULES,
      ),
    ).toEqual(['fetch', 'How to cook']);
  });

  it('counts a stop word the title names beside its neighbouring query word (`array from`)', () => {
    const docs = [
      { title: 'Array', score: 3 },
      { title: 'Array.of()', score: 2 },
      { title: 'Array.from()', score: 1 },
      { title: 'Array.prototype.with()', score: 1 },
    ];
    expect(order('array from', docs, DEFAULT_RANKING_RULES)[0]).toBe('Array.from()');
    // A gap of one word still names it (`String.prototype.at`); a stop word elsewhere in the title does not.
    expect(order('array with', docs, DEFAULT_RANKING_RULES)[0]).toBe('Array.prototype.with()');
    expect(order('with array', docs, DEFAULT_RANKING_RULES)[0]).toBe('Array');
  });

  it('keeps equal candidates in the engine order', () => {
    expect(
      order(
        'kettle',
        [
          { title: 'kettle', score: 1 },
          { title: 'kettle', score: 1 },
        ],
        DEFAULT_RANKING_RULES,
      ),
    ).toHaveLength(2);
  });
});

describe('typedName: the name a query types whole', () => {
  it('is a word written with the punctuation of names, a call found with its arguments', () => {
    const name = typedName('set.prototype.has()')!;
    expect(name.whole.test('Set.prototype.has(value) returns a boolean')).toBe(true);
    expect(typedName('work_mem')!.whole.test('sets work_mem for a session')).toBe(true);
    expect(typedName('__init__')!.whole.test('calls object.__init__ first')).toBe(true);
  });

  it('is whole only between word boundaries, else the start of a longer name', () => {
    const name = typedName('os.path.join')!;
    expect(name.whole.test('os.path.joinpath')).toBe(false);
    expect(name.start.test('os.path.joinpath')).toBe(true);
    expect(name.whole.test('myos.path.join')).toBe(false);
  });

  it('is none for several words or a word without such punctuation', () => {
    expect(typedName(null)).toBeNull();
    expect(typedName('set has')).toBeNull();
    expect(typedName('hello!')).toBeNull();
    expect(typedName('—')).toBeNull();
  });
});
