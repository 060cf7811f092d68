import { beforeAll, describe, expect, it } from 'vitest';
import { loadBcd, type BcdFeature, type Browsers, type CompatStatement } from './bcdFeatures.ts';
import { summarizeSupport, supportScore } from './browserSupport.ts';
import { parseLibDescriptions, type LibDescriptions } from './domDescriptions.ts';
import { featureDocument } from './featureDocument.ts';
import { featureKind, featureTitle } from './featureTitle.ts';
import { featureUrl } from './featureUrl.ts';
import { parseWebCustomData, type WebCustomData } from './webCustomData.ts';

let browsers: Browsers;
const lib: LibDescriptions = parseLibDescriptions([
  {
    fileName: 'fixture.d.ts',
    text: `
      /**
       * The **\`Widget\`** interface represents a widget that a page can spin around.
       *
       * [MDN Reference](https://developer.mozilla.org/docs/Web/API/Widget)
       */
      interface Widget {
        /**
         * The **\`spin()\`** method of the [Widget](https://example.test) interface turns the widget once.
         *
         * [MDN Reference](https://developer.mozilla.org/docs/Web/API/Widget/spin)
         */
        spin(times?: number): void;
        /** [MDN Reference](https://developer.mozilla.org/docs/Web/API/Widget/size) */
        readonly size: number;
      }
      interface HTMLElementTagNameMap { "gizmo": HTMLGizmoElement; }
      /**
       * The **\`HTMLGizmoElement\`** interface gives scripts access to gizmo elements and their parts.
       *
       * [MDN Reference](https://developer.mozilla.org/docs/Web/API/HTMLGizmoElement)
       */
      interface HTMLGizmoElement {}
      declare var Widget: {
        prototype: Widget;
        new(): Widget;
        /**
         * The static **\`Widget.make()\`** method creates a widget with default settings.
         *
         * [MDN Reference](https://developer.mozilla.org/docs/Web/API/Widget/make_static)
         */
        make(): Widget;
      };`,
  },
]);

const web: WebCustomData = parseWebCustomData(
  {
    properties: [{ name: 'spin-speed', description: 'Sets how fast a widget spins, in turns per second.' }],
  },
  {
    tags: [
      {
        name: 'gizmo',
        description: { kind: 'markdown', value: 'The **gizmo** element represents a [gadget](https://x.test "A gadget") with parts.' },
      },
    ],
  },
);

beforeAll(() => {
  browsers = loadBcd().browsers;
});

function compat(overrides: Partial<CompatStatement> = {}): CompatStatement {
  return {
    source_file: 'fixture.json',
    status: { experimental: false, standard_track: true, deprecated: false },
    support: {
      chrome: { version_added: '45' },
      edge: { version_added: '12' },
      firefox: [{ version_added: '40' }, { version_added: '30', prefix: '-moz-' }],
      safari: { version_added: '≤10' },
      safari_ios: { version_added: false },
      chrome_android: { version_added: '45', flags: [{ type: 'preference', name: 'x' }] },
    },
    ...overrides,
  };
}

function feature(path: string[], own: CompatStatement = compat(), childKeys: string[] = []): BcdFeature {
  return {
    path,
    area: path[0] ?? '',
    compat: own,
    ancestors: path.slice(1, -1).map((key) => ({ key })),
    childKeys,
  };
}

describe('featureDocument', () => {
  it('drops a feature that no upstream sentence describes', () => {
    expect(featureDocument(feature(['api', 'Widget', 'size']), { lib, web, browsers })).toBeNull();
    const label = compat({ description: '<code>size</code> in pixels' });
    expect(featureDocument(feature(['api', 'Widget', 'size'], label), { lib, web, browsers })).toBeNull();
  });

  it('describes CSS and HTML features by the web data, before the typings summary of their interface', () => {
    const property = featureDocument(feature(['css', 'properties', 'spin-speed']), { lib, web, browsers });
    expect(property?.document.title).toBe('CSS property: spin-speed');
    expect(property?.document.main_content).toMatch(/^Sets how fast a widget spins, in turns per second\. Supported since /);
    const element = featureDocument(feature(['html', 'elements', 'gizmo']), { lib, web, browsers });
    expect(element?.document.main_content).toMatch(
      /^The gizmo element represents a gadget with parts\. The HTMLGizmoElement interface gives scripts access to gizmo elements and their parts\. Supported since /,
    );
  });

  it('keeps a feature with a support note of six words or more', () => {
    const noted = compat({ support: { chrome: { version_added: '5', notes: 'Only the <code>x</code> &amp; y values are honoured.' } } });
    const doc = featureDocument(feature(['api', 'Widget', 'size'], noted), { lib, web, browsers });
    expect(doc?.document.main_content).toContain('Chrome: Only the x & y values are honoured.');
  });

  it('joins the typings summary with composed compat facts and typed custom fields', () => {
    const doc = featureDocument(feature(['api', 'Widget', 'spin'], compat(), ['secure_context_required']), { lib, web, browsers });
    expect(doc).not.toBeNull();
    const { document, thumbnail } = doc ?? { document: undefined, thumbnail: '' };
    expect(document?.title).toBe('Widget.spin()');
    expect(document?.main_content).toMatch(/^The spin\(\) method of the Widget interface turns the widget once\. /);
    expect(document?.main_content).toContain('Supported since Chrome 45, Edge 12, Firefox 40 and Safari 10.');
    expect(document?.main_content).toContain('It is not supported in Chrome Android, Firefox for Android and Safari on iOS.');
    expect(document?.main_content).toContain('It is available only in secure contexts such as HTTPS pages.');
    expect(thumbnail).toBe('api-widget--spin');
    expect(document?.custom_fields).toMatchObject({
      area: 'api',
      interface: 'Widget',
      kind: 'method',
      status: 'standard',
      browsers: ['Chrome', 'Edge', 'Firefox', 'Safari'],
      browser_count: 4,
      chrome_version: 45,
      safari_version: 10,
      support_score: 0.571,
    });
    expect(document?.custom_fields['tags']).toEqual(expect.arrayContaining(['standard', 'standard-track', 'secure-context', 'behind-flag', 'prefixed']));
  });
});

describe('featureTitle and featureKind', () => {
  it('reads like MDN for members, statics, constructors and events', () => {
    const title = (path: string[], own?: CompatStatement) => featureTitle(feature(path, own), lib);
    expect(title(['api', 'Widget'])).toBe('Widget');
    expect(title(['api', 'Widget', 'size'])).toBe('Widget.size');
    expect(title(['api', 'Widget', 'make_static'])).toBe('Widget.make()');
    expect(title(['api', 'Widget', 'Widget'])).toBe('Widget() constructor');
    expect(title(['api', 'Widget', 'spin_event'])).toBe('Widget: spin event');
    expect(title(['css', 'properties', 'grid-template-areas'])).toBe('CSS property: grid-template-areas');
    expect(title(['html', 'elements', 'dialog'])).toBe('HTML element: <dialog>');
    expect(title(['css', 'properties', 'display', 'multi-keyword_values'])).toBe('CSS property: display › multi-keyword values');
    expect(featureKind(feature(['api', 'Widget', 'make_static']), lib)).toBe('static method');
    expect(featureKind(feature(['css', 'at-rules', 'layer']), lib)).toBe('at-rule');
  });
});

describe('featureUrl', () => {
  it('prefers mdn_url, then the nearest documented ancestor, then a derived MDN path', () => {
    const own = compat({ mdn_url: 'https://developer.mozilla.org/docs/Web/API/Widget/spin' });
    expect(featureUrl(feature(['api', 'Widget', 'spin'], own))).toBe('https://developer.mozilla.org/docs/Web/API/Widget/spin');
    const child: BcdFeature = {
      ...feature(['api', 'Widget', 'spin', 'times_parameter']),
      ancestors: [{ key: 'Widget' }, { key: 'spin', compat: own }],
    };
    expect(featureUrl(child)).toBe('https://developer.mozilla.org/docs/Web/API/Widget/spin#times_parameter');
    expect(featureUrl(feature(['css', 'properties', 'zoom', 'reset']))).toBe('https://developer.mozilla.org/docs/Web/CSS/Reference/Properties/zoom#reset');
  });
});

describe('summarizeSupport', () => {
  it('counts only unflagged, unprefixed, current support and reads ranged versions', () => {
    const summary = summarizeSupport(compat().support, browsers);
    expect(summary.full.map((s) => `${s.browser} ${s.version}`)).toEqual(['chrome 45', 'edge 12', 'firefox 40', 'safari 10']);
    expect(summary.full.find((s) => s.browser === 'chrome')?.releaseDate).toMatch(/^2015-/);
    expect(summary).toMatchObject({ flagged: true, prefixed: true, partial: false, removed: false });
    expect(supportScore(summary)).toBe(0.571);
    const removed = summarizeSupport({ chrome: { version_added: '1', version_removed: '20' } }, browsers);
    expect(removed.full).toEqual([]);
    expect(removed.removed).toBe(true);
  });
});
