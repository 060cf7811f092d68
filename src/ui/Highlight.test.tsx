import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Highlight } from './Highlight.tsx';

afterEach(cleanup);

describe('Highlight', () => {
  it('renders matched terms as <mark> and the rest as text', () => {
    const { container } = render(<Highlight value="a <em>grid</em> &amp; <em>flex</em>" />);
    expect(container.innerHTML).toBe('a <mark class="ss-mark">grid</mark> &amp; <mark class="ss-mark">flex</mark>');
  });

  it('renders any other markup as visible text', () => {
    const { container } = render(<Highlight value={'<img src=x onerror="alert(1)"><script>alert(2)</script>'} />);
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"><script>alert(2)</script>');
  });
});
