import { describe, expect, it } from 'vitest';
import type { PageSection } from '../engine/engine.ts';
import { testPlan } from '../testing/testPlan.ts';
import { highlightTerms } from './highlight.ts';
import { hitSections } from './hitSections.ts';

const SECTIONS: PageSection[] = [
  { title: 'Truth Value Testing', anchor: 'truth', text: 'Any object can be tested for truth value.' },
  { title: 'Iterator Types', anchor: 'typeiter', text: 'Python supports a concept of iteration over containers; a generator is one.' },
  { title: 'Generator Types', anchor: 'generator-types', text: 'Generators provide a convenient way to implement the iterator protocol.' },
  { title: 'Notes on generators', anchor: null, text: 'A generator without an anchor.' },
  { title: 'Set Types', anchor: 'set types', text: 'A set object is an unordered collection.' },
];

const sectionsFor = (term: string, url = 'https://docs.example/stdtypes.html') =>
  hitSections(
    url,
    SECTIONS,
    highlightTerms(
      testPlan(
        term,
        SECTIONS.flatMap((s) => [s.title, s.text]),
        { prefixLast: false },
      ),
    ),
  );

describe('hitSections', () => {
  it('finds the words of sections with dashes and pilcrows, and of accented ones, as folding the whole text would', () => {
    const sections: PageSection[] = [
      { title: 'Notes ¶', anchor: 'notes', text: 'Nothing here — at all.' },
      { title: 'Caf\u00e9 ¶', anchor: 'cafe', text: 'A caf\u00e9 — open late.' },
      { title: 'Timers ¶', anchor: 'timers', text: 'Call setTimeout — once.' },
    ];
    const terms = { exact: new Set(['cafe', 'timeout']), prefixes: [] };
    expect(hitSections('https://docs.example/page.html', sections, terms).map((s) => s.url)).toEqual([
      'https://docs.example/page.html#cafe',
      'https://docs.example/page.html#timers',
    ]);
  });

  it('puts the section whose heading holds the words first, links it by its anchor, and marks its passage', () => {
    expect(sectionsFor('generator iterator')).toEqual([
      {
        title: 'Generator Types',
        url: 'https://docs.example/stdtypes.html#generator-types',
        highlight: '<em>Generators</em> provide a convenient way to implement the <em>iterator</em> protocol.',
      },
      {
        title: 'Iterator Types',
        url: 'https://docs.example/stdtypes.html#typeiter',
        highlight: 'Python supports a concept of iteration over containers; a <em>generator</em> is one.',
      },
    ]);
  });

  it('keeps at most 3, in page order among equals, leaves out sections without an anchor, and escapes the anchor', () => {
    const found = sectionsFor('a', 'https://docs.example/stdtypes.html#old');
    expect(found.length).toBeLessThanOrEqual(3);
    expect(sectionsFor('set').map((s) => s.url)).toEqual(['https://docs.example/stdtypes.html#set%20types']);
    expect(sectionsFor('anchor')).toEqual([]);
  });
});
