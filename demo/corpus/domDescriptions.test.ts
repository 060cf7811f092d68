import { describe, expect, it } from 'vitest';
import { mdnUrlKey, parseLibDescriptions } from './domDescriptions.ts';
import { htmlToText, isSentence, markdownToText } from './plainText.ts';

describe('parseLibDescriptions', () => {
  const lib = parseLibDescriptions([
    {
      fileName: 'a.d.ts',
      text: `
        interface HTMLElementTagNameMap { "gizmo": HTMLGizmoElement; }
        /** A gizmo holds **parts**. [MDN Reference](https://developer.mozilla.org/docs/Web/API/HTMLGizmoElement) */
        interface HTMLGizmoElement {
          /** The \`crossOrigin\` property reflects the attribute. */
          crossOrigin: string | null;
          run(): void;
        }
        interface ThingConstructor {
          /** Makes a thing out of anything at all. [MDN](https://developer.mozilla.org/x/Thing/from). */
          from(x: unknown): unknown;
        }
        declare namespace Intl {
          interface Collator {
            /** Compares two strings by the collator's rules. */
            compare(a: string, b: string): number;
          }
        }`,
    },
    { fileName: 'b.d.ts', text: `interface HTMLGizmoElement {\n  /** A later, second description. */\n  run(): void;\n}` },
  ]);

  it('reads interfaces, members, statics, namespaces and tag maps through the compiler API', () => {
    expect(lib.members.get('HTMLGizmoElement')).toMatchObject({
      kind: 'interface',
      description: 'A gizmo holds parts.',
      mdnUrl: 'https://developer.mozilla.org/docs/Web/API/HTMLGizmoElement',
    });
    expect(lib.membersLower.get('htmlgizmoelement.crossorigin')?.description).toBe('The crossOrigin property reflects the attribute.');
    expect(lib.statics.get('Thing.from')).toMatchObject({ kind: 'method', description: 'Makes a thing out of anything at all.' });
    expect(lib.members.get('Intl.Collator.compare')?.kind).toBe('method');
    expect(lib.tagInterfaces.get('html:gizmo')).toBe('HTMLGizmoElement');
    expect(lib.byUrl.get(mdnUrlKey('https://developer.mozilla.org/en-US/docs/Web/API/HTMLGizmoElement/'))?.name).toBe('HTMLGizmoElement');
  });

  it('lets a later file fill in a description the first one lacked', () => {
    expect(lib.members.get('HTMLGizmoElement.run')?.description).toBe('A later, second description.');
  });

  it('finds MDN summaries in the real lib.dom.d.ts', () => {
    const real = parseLibDescriptions();
    expect(real.members.get('HTMLElement')?.description).toMatch(/HTMLElement interface represents any HTML element/);
    expect(real.statics.get('URL.canParse')?.kind).toBe('method');
    expect(real.members.size).toBeGreaterThan(5000);
  });
});

describe('plain text', () => {
  it('strips markup from BCD HTML and TypeScript Markdown', () => {
    expect(htmlToText('Use <code>&lt;img&gt;</code> &amp; <a href="x">links</a>..')).toBe('Use <img> & links.');
    expect(markdownToText('The **`at()`** method of [Array](https://x) instances')).toBe('The at() method of Array instances');
    expect(markdownToText('The [URL](https://x/URL "URL: a "string" (text).") of the _linked_ resource \\[sic\\]')).toBe(
      'The URL of the linked resource [sic]',
    );
  });

  it('tells a sentence from a label', () => {
    expect(isSentence('The at() method returns the item at an index.')).toBe(true);
    expect(isSentence('load event')).toBe(false);
    expect(isSentence('A very short one.')).toBe(false);
  });
});
