import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { markTitle } from '../core/markTitle.ts';
import { parseHighlight } from '../core/parseHighlight.ts';
import { Highlight } from './Highlight.tsx';

afterEach(cleanup);

describe('Highlight', () => {
  it('renders matched terms as <mark> and the rest as text', () => {
    const { container } = render(<Highlight parts={parseHighlight('a <em>grid</em> &amp; <em>flex</em>')} />);
    expect(container.innerHTML).toBe('a <mark class="ss-mark">grid</mark> &amp; <mark class="ss-mark">flex</mark>');
  });

  it('renders any other markup as visible text', () => {
    const { container } = render(<Highlight parts={parseHighlight('<img src=x onerror="alert(1)"><script>alert(2)</script>')} />);
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"><script>alert(2)</script>');
  });

  it('renders a title’s marks the same way, its markup as text', () => {
    const { container } = render(<Highlight parts={markTitle('<script>setTimeout()</script>', 'timeout')} />);
    expect(container.innerHTML).toBe('&lt;script&gt;set<mark class="ss-mark">Timeout</mark>()&lt;/script&gt;');
  });
});
