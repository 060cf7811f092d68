import { describe, expect, it } from 'vitest';
import { testPlan } from '../testing/testPlan.ts';
import { highlightTerms } from './highlight.ts';
import { hitPassage, passageFromStart } from './hitPassage.ts';

const BANNER =
  'Baseline Widely available This feature is well established and works across many devices and browser versions. ' +
  'It has been available across browsers since March 2017. Learn more See full compatibility Report feedback';

/** A page shaped like a reference site's: a support banner above its first paragraph, which the description repeats. */
const page = (title: string, description: string | null, rest: string, banner = BANNER) => ({
  title,
  metaDescription: description,
  mainContent: `${banner} ${description ?? ''} ${rest}`,
});

const texts = (doc: { title: string; metaDescription: string | null; mainContent: string }) => [doc.title, doc.metaDescription ?? '', doc.mainContent];
const passageFor = (term: string, doc: ReturnType<typeof page>) => hitPassage(doc, highlightTerms(testPlan(term, texts(doc))));

describe('hitPassage', () => {
  it('for a title match, takes the description when it holds a searched word', () => {
    const doc = page(
      'Window: fetch() method',
      'The fetch() method of the Window interface starts the process of fetching a resource from the network.',
      'Syntax fetch(resource) fetch(resource, options).',
    );
    expect(passageFor('fetch', doc)).toBe(
      'The <em>fetch</em>() method of the Window interface starts the process of <em>fetching</em> a resource from the network.',
    );
  });

  it('for a title match, takes the description over a match in the banner above the page text', () => {
    const doc = page('Web APIs: Baseline', 'Shows how a page looks at a glance.', 'Nothing more here.');
    expect(passageFor('baseline', doc)).toBe('Shows how a page looks at a glance.');
  });

  it('for a title match, keeps the content passage when it comes from the page text', () => {
    const doc = page('CSS property: gap', 'Sets the gutters between rows and columns.', 'The gap property applies to flex, grid and multi-column containers.');
    expect(passageFor('gap', doc)).toMatch(/^….*The <em>gap<\/em> property applies to flex/);
  });

  it('for a title match with no match in the content, takes the description', () => {
    const doc = {
      title: 'Promise.all()',
      metaDescription: 'Waits for every given promise.',
      mainContent: 'Limited availability. Check the support first.',
    };
    expect(passageFor('promise all', doc)).toBe('Waits for every given <em>promise</em>.');
    const bare = { ...doc, metaDescription: 'Resolves once each input has.' };
    expect(passageFor('promise all', bare)).toBe('Resolves once each input has.');
  });

  it('for a title match without a description, takes the opening of the content', () => {
    const bare = page('fetch()', null, 'It first shipped in 2015. Deno: fetching with a manual redirect differs.', 'Supported since Chrome 42.');
    expect(passageFor('fetch', bare)).toBe('Supported since Chrome 42. It first shipped in 2015. Deno: <em>fetching</em> with a manual redirect differs.');
    const long = {
      title: 'fetch()',
      metaDescription: null,
      mainContent: `Starts a request. ${'Supported since Chrome 42. '.repeat(20)}Deno: fetching differs.`,
    };
    expect(passageFor('fetch', long)).toMatch(/^Starts a request\. Supported since Chrome 42\. .*…$/);
  });

  it('keeps the content passage around its first match when the title does not hold every word', () => {
    const doc = page('Window: fetch() method', 'The fetch() method starts fetching a resource.', 'It accepts a request and returns a response.');
    expect(passageFor('fetch response', doc)).toMatch(/returns a <em>response<\/em>/);
    const note = { title: 'Supported browsers', metaDescription: null, mainContent: `${'Supported since Chrome 42. '.repeat(20)}Deno: fetching differs.` };
    expect(passageFor('fetch', note)).toMatch(/^….*Deno: <em>fetching<\/em> differs\.$/);
  });
});

describe('passageFromStart', () => {
  // A long page's body as an engine may read it for a hit: its first 10,000 characters.
  const body = `${'lorem ipsum dolor sit amet '.repeat(200)}the kettle boils here ${'consectetur adipiscing elit '.repeat(400)}a teapot far down`;
  const start = body.slice(0, 10_000);
  const doc = (mainContent: string) => ({ title: 'Tea things', metaDescription: null, mainContent });
  const terms = (term: string) => highlightTerms(testPlan(term, [body]));

  it("gives the whole body's passage when the match stands well inside the start", () => {
    expect(passageFromStart(doc(start), terms('kettle'))).toBe(hitPassage(doc(body), terms('kettle')));
  });

  it('leaves to the whole body a match past the start, or none in it', () => {
    expect(passageFromStart(doc(start), terms('teapot'))).toBeNull();
    expect(passageFromStart(doc(start), terms('nowhere'))).toBeNull();
  });

  it("gives a title match's opening from the start", () => {
    expect(passageFromStart(doc(start), terms('tea'))).toBe(hitPassage(doc(body), terms('tea')));
  });
});
