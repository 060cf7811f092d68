import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSources } from './readSources.ts';

afterEach(() => vi.restoreAllMocks());

describe('readSources', () => {
  it('reads the script tag’s pairs, with an optional limit', () => {
    expect(readSources('demo:Docs, blog:Blog:3')).toEqual([
      { siteKey: 'demo', label: 'Docs', limit: undefined },
      { siteKey: 'blog', label: 'Blog', limit: 3 },
    ]);
  });

  it('names a source by its key without a label, and leaves out a pair without a key or a limit that is no count', () => {
    expect(readSources('demo, :Nameless, blog:Blog:lots,')).toEqual([
      { siteKey: 'demo', label: 'demo', limit: undefined },
      { siteKey: 'blog', label: 'Blog', limit: undefined },
    ]);
  });

  it('reads a JSON list, keeping only the items with a site key', () => {
    expect(readSources('[{"siteKey":"demo","label":"Docs","limit":4},{"label":"none"},null]')).toEqual([{ siteKey: 'demo', label: 'Docs', limit: 4 }]);
  });

  it('says on the console when the JSON is not a list, and takes no source', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readSources('[{"siteKey":')).toEqual([]);
    expect(error).toHaveBeenCalledOnce();
  });

  it('takes a list as it is', () => {
    const list = [{ siteKey: 'demo', label: 'Docs' }];
    expect(readSources(list)).toEqual(list);
  });
});
