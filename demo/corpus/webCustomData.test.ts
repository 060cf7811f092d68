import { describe, expect, it } from 'vitest';
import { markdownToText } from './plainText.ts';
import { loadWebCustomData, parseWebCustomData, webDataEntry, webDataText } from './webCustomData.ts';

describe('webDataEntry', () => {
  const data = parseWebCustomData(
    {
      properties: [
        {
          name: 'spin-speed',
          description: 'Sets how fast a widget spins.',
          values: [
            { name: 'fast', description: 'Spins the widget twice a second.' },
            { name: 'turns()', description: 'Spins the widget the given number of turns.' },
          ],
        },
        { name: 'spin-speed', description: 'A later entry of the same name.' },
        { name: 'wobble', atRule: '@widget', description: 'Sets how much a widget wobbles.' },
      ],
      atDirectives: [
        {
          name: '@widget',
          description: 'Defines a widget.',
          descriptors: [{ name: 'prefers-spin', description: 'Tells whether the user prefers spinning widgets.' }],
        },
      ],
      pseudoClasses: [{ name: ':spinning', description: 'Matches a widget while it spins.' }],
      pseudoElements: [
        { name: '::axle', description: 'Represents the axle of a widget.' },
        { name: '::part', description: 'Represents a part of a widget.' },
      ],
    },
    {
      tags: [
        {
          name: 'gizmo',
          description: { kind: 'markdown', value: 'The gizmo element holds parts.' },
          attributes: [{ name: 'partCount', description: 'How many parts the gizmo holds.' }],
        },
      ],
      globalAttributes: [{ name: 'spinnable', description: { kind: 'markdown', value: 'Lets any element spin.' } }],
    },
  );
  const text = (...path: string[]) => webDataText(webDataEntry(path, data));

  it('matches CSS properties, their values (functions without parentheses) and descriptors named as properties', () => {
    expect(text('css', 'properties', 'spin-speed')).toBe('Sets how fast a widget spins.');
    expect(text('css', 'properties', 'spin-speed', 'fast')).toBe('Spins the widget twice a second.');
    expect(text('css', 'properties', 'spin-speed', 'turns')).toBe('Spins the widget the given number of turns.');
    expect(text('css', 'properties', 'spin-speed', 'is_animatable')).toBe('');
    expect(text('css', 'at-rules', 'widget')).toBe('Defines a widget.');
    expect(text('css', 'at-rules', 'widget', 'prefers-spin')).toBe('Tells whether the user prefers spinning widgets.');
    expect(text('css', 'at-rules', 'widget', 'wobble')).toBe('Sets how much a widget wobbles.');
  });

  it('matches pseudo-classes and pseudo-elements by their BCD selector key', () => {
    expect(text('css', 'selectors', 'spinning')).toBe('Matches a widget while it spins.');
    expect(text('css', 'selectors', 'axle')).toBe('Represents the axle of a widget.');
    expect(text('css', 'selectors', 'partfunction')).toBe('');
    expect(text('css', 'selectors', 'class')).toBe('');
  });

  it('matches HTML elements, their attributes (any case) and global attributes', () => {
    expect(text('html', 'elements', 'gizmo')).toBe('The gizmo element holds parts.');
    expect(text('html', 'elements', 'gizmo', 'partcount')).toBe('How many parts the gizmo holds.');
    expect(text('html', 'elements', 'gizmo', 'partcount', 'zero')).toBe('');
    expect(text('html', 'global_attributes', 'spinnable')).toBe('Lets any element spin.');
    expect(text('svg', 'elements', 'gizmo')).toBe('');
    expect(text('api', 'HTMLGizmoElement')).toBe('');
  });
});

describe('webDataText', () => {
  const of = (value: string) => webDataText({ name: 'target', description: { kind: 'markdown', value } });

  it('keeps the prose before a list of values, without the sentence that introduces it', () => {
    const markdown = [
      'Where to _display_ the [linked URL](https://x.test/a_(b) "Tooltip with "quotes" (and parentheses).").',
      'The following keywords have special meanings:',
      '',
      '*   `_self`: the current browsing context.',
      '',
      'Trailing prose after the list.',
    ].join('\n');
    expect(of(markdown)).toBe('Where to display the linked URL.');
    expect(of('Chooses how the gizmo spins. The allowed values are:\n\nfast\n\nSpins quickly.')).toBe('Chooses how the gizmo spins.');
    expect(of('First paragraph ends here.\n\nSecond one too.\n\n**Notes:**\n\n- a note')).toBe('First paragraph ends here. Second one too.');
  });

  it('reads plain-string descriptions, unescapes Markdown and names a missing subject', () => {
    expect(webDataText({ name: 'x', description: '\\[Deprecated\\] Says `<x>` and `/` or `\\`.' })).toBe('[Deprecated] Says <x> and / or \\.');
    expect(webDataText({ name: 'grid-x', description: 'specifies, as a list, the tracks.' })).toBe('grid-x specifies, as a list, the tracks.');
    expect(webDataText({ name: 'grid-x', description: "grid-x is used to place 'border-*-width' items." })).toBe(
      "grid-x is used to place 'border-*-width' items.",
    );
    expect(webDataText({ name: 'x' })).toBe('');
    expect(webDataText(undefined)).toBe('');
  });

  it('leaves snake_case, lone underscores and multiplication alone', () => {
    expect(markdownToText('The _local part_ of *the* perf_hooks name, `_blank` and 2 * 3.')).toBe('The local part of the perf_hooks name, _blank and 2 * 3.');
  });
});

describe('loadWebCustomData', () => {
  const data = loadWebCustomData();

  it('describes grid properties, dialog, pseudo-classes and at-rules of the installed package', () => {
    expect(webDataText(webDataEntry(['css', 'properties', 'grid-template-columns'], data))).toMatch(
      /^grid-template-columns specifies, as a space-separated track list, the line names and track sizing functions of the grid\.$/,
    );
    expect(webDataText(webDataEntry(['css', 'properties', 'grid-template-areas'], data))).toMatch(/named grid areas/);
    expect(webDataText(webDataEntry(['html', 'elements', 'dialog'], data))).toMatch(/^The dialog element represents /);
    expect(webDataText(webDataEntry(['css', 'selectors', 'hover'], data))).toMatch(/pointing device/);
    expect(webDataText(webDataEntry(['css', 'selectors', 'before'], data))).toMatch(/pseudo-element/);
    expect(webDataText(webDataEntry(['css', 'at-rules', 'media'], data))).toMatch(/media type/);
    expect(data.properties.size).toBeGreaterThan(500);
    expect(data.elements.size).toBeGreaterThan(100);
  });
});
