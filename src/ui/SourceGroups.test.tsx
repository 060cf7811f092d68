import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchParams, SearchResponse } from '../client/types.ts';
import { createSources } from '../core/createSources.ts';
import type { Tracker } from '../tracker/createTracker.ts';
import { SearchWidget } from './SearchWidget.tsx';
import { answer, hit } from './testing.tsx';
import { trackSources } from './trackSources.ts';

interface Call {
  siteKey: string;
  params: SearchParams;
  resolve(response: SearchResponse): void;
  reject(reason: unknown): void;
}

beforeEach(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(cleanup);

function setup(labels = ['Docs', 'Blog', 'Shop']) {
  const calls: Call[] = [];
  const sources = createSources({
    sources: labels.map((label) => ({ siteKey: label.toLowerCase(), label })),
    client: ({ siteKey }) => ({
      search: (params) => new Promise<SearchResponse>((resolve, reject) => calls.push({ siteKey, params, resolve, reject })),
    }),
  });
  const { container } = render(<SearchWidget controller={sources.controller} searches={sources.searches} layout="overlay" />);
  act(() => {
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  });
  const input = screen.getByRole('combobox');
  return { calls, sources, input, container };
}

/** Types `term` and waits for the slot that asks every source. */
async function type(input: HTMLElement, term: string) {
  await act(async () => {
    fireEvent.input(input, { target: { value: term } });
    await Promise.resolve();
  });
}

const answerAll = async (calls: Call[], answers: Record<string, SearchResponse | Error>) =>
  act(async () => {
    for (const call of calls) {
      const reply = answers[call.siteKey]!;
      if (reply instanceof Error) call.reject(reply);
      else call.resolve(reply);
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

describe('the overlay with several sources', () => {
  it('shows a labelled group per source in one listbox; an empty source hides', async () => {
    const { calls, input } = setup();
    await type(input, 'grid');
    expect(calls.map((c) => c.siteKey)).toEqual(['docs', 'blog', 'shop']);
    await answerAll(calls, {
      docs: answer([hit({ id: 'd1', title: 'Grid layout' }), hit({ id: 'd2', title: 'Grid areas' })]),
      blog: answer([hit({ id: 'b1', title: 'Why grid' })]),
      shop: answer([]),
    });
    const listbox = screen.getByRole('listbox');
    const groups = within(listbox).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Docs · 2 results',
      'Blog · 1 result',
    ]);
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map((o) => o.getAttribute('aria-label')),
    ).toEqual(['Grid layout', 'Grid areas']);
    expect(
      within(groups[1]!)
        .getAllByRole('option')
        .map((o) => o.getAttribute('aria-label')),
    ).toEqual(['Why grid']);
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
  });

  it('↓ and ↑ walk through every source’s options, the field keeping the focus', async () => {
    const { calls, input } = setup(['Docs', 'Blog']);
    await type(input, 'grid');
    await answerAll(calls, { docs: answer([hit({ id: 'd1', title: 'Grid layout' })]), blog: answer([hit({ id: 'b1', title: 'Why grid' })]) });
    const names: Array<string | null> = [];
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp']) {
      act(() => {
        fireEvent.keyDown(input, { key });
      });
      const id = input.getAttribute('aria-activedescendant');
      names.push(id ? document.getElementById(id)!.getAttribute('aria-label') : null);
    }
    // Docs, Blog, then back to the field, and ↑ to the last option again.
    expect(names).toEqual(['Grid layout', 'Why grid', null, 'Why grid']);
    expect(document.activeElement).toBe(input);
  });

  it('a failing source says so, the others still show', async () => {
    const { calls, input } = setup(['Docs', 'Blog']);
    await type(input, 'grid');
    await answerAll(calls, { docs: answer([hit({ id: 'd1', title: 'Grid layout' })]), blog: new Error('503') });
    const groups = screen.getAllByRole('group');
    expect(groups.map((g) => document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent)).toEqual(['Docs · 1 result', 'Blog · Search failed']);
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reports a click to its own index, at its position among that source’s hits', async () => {
    const { calls, input, sources, container } = setup(['Docs', 'Blog']);
    const trackers = ['docs', 'blog'].map((): Tracker => ({
      shown: vi.fn(),
      settle: vi.fn(),
      cancel: vi.fn(),
      click: vi.fn(),
      setConsent: vi.fn(),
      dispose: vi.fn(),
    }));
    // The dialog is inside the container: the widget's root, as mount() listens on it.
    const stop = trackSources(sources, container, trackers);
    await type(input, 'grid');
    await answerAll(calls, {
      docs: answer([hit({ id: 'd1', title: 'Grid layout' })]),
      blog: answer([hit({ id: 'b1', title: 'Why grid' }), hit({ id: 'b2', title: 'Grid at ten' })]),
    });
    expect(trackers.map((t) => (t.shown as ReturnType<typeof vi.fn>).mock.calls.map((c) => [c[0], c[1]]))).toEqual([[['grid', 1]], [['grid', 2]]]);
    // Options hold no links: the title is what the tracker, and Enter, click (the option follows the address).
    const title = screen.getByRole('option', { name: 'Grid at ten' }).querySelector('.ss-hit-link')!;
    fireEvent.click(title);
    expect(trackers[0]!.click).not.toHaveBeenCalled();
    expect(trackers[1]!.click).toHaveBeenCalledWith('grid', 'b2', 2);
    // A click anywhere else on an option (its address, its passage) opens it as well: it counts too,
    // before the option follows its address. A page that is leaving may send no more: once
    // another site's page has come in, what the old one sends after is lost.
    const order: string[] = [];
    const assign = vi.fn(() => order.push('followed'));
    (trackers[1]!.click as ReturnType<typeof vi.fn>).mockImplementation(() => order.push('counted'));
    vi.stubGlobal('location', { href: location.href, assign });
    const post = screen.getByRole('option', { name: 'Why grid' });
    fireEvent.click(post.querySelector('.ss-hit-url')!);
    fireEvent.click(post.querySelector('.ss-hit-snippet')!);
    expect(assign).toHaveBeenCalledTimes(2);
    expect(order).toEqual(['counted', 'followed', 'counted', 'followed']);
    expect((trackers[1]!.click as ReturnType<typeof vi.fn>).mock.calls).toEqual([
      ['grid', 'b2', 2],
      ['grid', 'b1', 1],
      ['grid', 'b1', 1],
    ]);
    expect(trackers[0]!.click).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    stop();
  });
});
