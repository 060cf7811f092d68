// A long value facet narrows its values with a field of its own.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResponse } from '../client/types.ts';
import { de } from './messagesDe.ts';
import { answer, answerLatest, fakeController, hit, renderWidget, searchAndAnswer } from './testing.tsx';
import { ValueFacet } from './ValueFacet.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const KINDS = [
  'HTMLCanvasElement',
  'OffscreenCanvas',
  'grid-template-columns',
  'grid-area',
  'Element',
  'fetch',
  'Zürich',
  'dialog',
  'Array',
  'Promise',
  'column-count',
  'border',
];

function withKinds(kinds: string[]): SearchResponse {
  return { ...answer([hit()], 90), facets: { 'custom_fields.kind': kinds.map((value, i) => ({ value, count: 40 - i })) } };
}

async function setup(kinds = KINDS, context = {}) {
  const { controller, calls } = fakeController();
  renderWidget(controller, <ValueFacet field="kind" label="Kind" />, context);
  await act(() => searchAndAnswer(controller, calls, 'grid', withKinds(kinds)));
  const group = screen.getByRole('group', { name: 'Kind' });
  const values = () =>
    within(group)
      .queryAllByRole('checkbox')
      .map((box) => box.parentElement?.querySelector('.ss-grow')?.textContent);
  const type = (text: string) =>
    act(() => {
      fireEvent.input(within(group).getByRole('searchbox'), { target: { value: text } });
    });
  return { controller, calls, group, values, type };
}

describe('ValueFacet’s search of its values', () => {
  it('is not there for a field of ten values or fewer', async () => {
    const { group } = await setup(KINDS.slice(0, 10));
    expect(within(group).queryByRole('searchbox')).toBeNull();
  });

  it('is a labelled field over a long list that narrows it to the values with a word starting as typed', async () => {
    const { group, values, type } = await setup();
    const field = within(group).getByRole('searchbox', { name: 'Search Kind' });
    expect(field.getAttribute('placeholder')).toBe('Search Kind');
    expect(values()).toHaveLength(5);
    type('canv');
    expect(values()).toEqual(['HTMLCanvasElement', 'OffscreenCanvas']);
    // The narrowed list is whole: nothing to show more of.
    expect(within(group).queryByRole('button', { name: 'Show more' })).toBeNull();
    type('col');
    expect(values()).toEqual(['grid-template-columns', 'column-count']);
    type('');
    expect(values()).toHaveLength(5);
    expect(within(group).getByRole('button', { name: 'Show more' })).toBeTruthy();
  });

  it('ignores case and accents', async () => {
    const { values, type } = await setup();
    type('ZURI');
    expect(values()).toEqual(['Zürich']);
  });

  it('keeps the chosen values, and says when no other value matches', async () => {
    const { calls, group, values, type } = await setup();
    act(() => {
      fireEvent.click(within(group).getByRole('checkbox', { name: 'grid-area, 37 results' }));
    });
    expect(calls.at(-1)?.params.customField).toEqual({ kind: ['grid-area'] });
    await answerLatest(calls, withKinds(['grid-area']));
    const status = within(group).getByRole('status');
    expect(status.textContent).toBe('');
    type('fet');
    expect(values()).toEqual(['grid-area', 'fetch']);
    type('zzz');
    expect(values()).toEqual(['grid-area']);
    expect(status.textContent).toBe('No matching values');
  });

  it('empties on Escape, which goes no further; Escape in an empty field does', async () => {
    const { group, values, type } = await setup();
    const outside = vi.fn();
    group.parentElement!.addEventListener('keydown', outside);
    type('canv');
    const field = within(group).getByRole('searchbox') as HTMLInputElement;
    act(() => {
      fireEvent.keyDown(field, { key: 'Escape' });
    });
    expect(field.value).toBe('');
    expect(values()).toHaveLength(5);
    expect(outside).not.toHaveBeenCalled();
    act(() => {
      fireEvent.keyDown(field, { key: 'Escape' });
    });
    expect(outside).toHaveBeenCalledTimes(1);
  });

  it('speaks the widget’s language', async () => {
    const { group, type } = await setup(KINDS, { m: de });
    expect(within(group).getByRole('searchbox', { name: 'In Kind suchen' })).toBeTruthy();
    type('zzz');
    expect(within(group).getByRole('status').textContent).toBe('Keine passenden Werte');
  });
});
