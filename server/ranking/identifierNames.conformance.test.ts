/**
 * Names as developers type them, over real HTTP, searched as the widget searches: a
 * setting's name typed whole finds the page that holds it before pages about its parts,
 * and two words typed apart find the name that joins them.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/createClient.ts';
import type { IndexDocument } from '../../src/client/types.ts';
import { toSearchParams } from '../../src/core/searchState.ts';
import { serviceForFile, startServiceWithDocuments } from '../testing/service.ts';

const doc = (id: string, title: string, main_content: string): IndexDocument => ({ id, url: `https://docs.example.com/${id}.html`, title, main_content });

const DOCUMENTS: IndexDocument[] = [
  // Holds both parts of `work_mem` many times over, one in its title as the start of a word (`mem` typed last is a prefix).
  doc(
    'memory',
    'Memory Management',
    'How the server manages memory: shared memory, memory for each worker, and the work each memory context does. Memory is freed when the work is done; work areas and mem contexts.',
  ),
  doc(
    'resources',
    'Resource Consumption',
    'Settings of the server. work_mem sets the base maximum amount of memory used by a query operation before it writes to temporary files.',
  ),
  doc('workers', 'Background Workers', 'Work done outside the connections. Each worker has its own memory.'),
  doc('to-char', 'Character Types', 'Character types hold text: char, varchar and text. Converting to char from other types.'),
  doc('formatting', 'Data Type Formatting Functions', 'to_char converts a timestamp or a number to a string, as a template says.'),
  doc('set-has', 'Set.prototype.has()', 'The has() method of Set instances returns whether an element with the value is in the set.'),
  doc(
    'set-add',
    'Set.prototype.add()',
    'The add() method of Set instances inserts a new element with the value into the set, if there is none with it already.',
  ),
  doc('map-has', 'Map.prototype.has()', 'The has() method of Map instances returns whether an element with the key is in the map.'),
  doc('set', 'Set', 'The Set object lets you store unique values of any type. A set has a size and can be iterated in insertion order.'),
  doc('has-attribute', 'Element.hasAttribute()', 'Whether the element has the attribute; set it with setAttribute().'),
];

const service = serviceForFile(() => startServiceWithDocuments(DOCUMENTS));

/** The titles the widget shows for `term`, with its own parameters. */
async function widgetSearch(term: string): Promise<string[]> {
  const client = createClient({ siteKey: 'demo', baseUrl: service().baseUrl });
  const answer = await client.search(toSearchParams({ term, page: 1, sort: 'relevance', order: 'desc', filters: {} }, 10));
  return answer.hits.map((hit) => hit.title);
}

describe('names as developers type them', () => {
  it('a name typed whole (work_mem) finds the page holding it before pages holding its parts', async () => {
    const titles = await widgetSearch('work_mem');
    expect(titles[0], titles.join(' | ')).toBe('Resource Consumption');
  });

  it('to_char finds the page holding the name, not the page about its parts', async () => {
    const titles = await widgetSearch('to_char');
    expect(titles[0], titles.join(' | ')).toBe('Data Type Formatting Functions');
  });

  it('two words typed apart (set has) find the name that joins them', async () => {
    const titles = await widgetSearch('set has');
    expect(titles[0], titles.join(' | ')).toBe('Set.prototype.has()');
  });

  it('the name typed with its punctuation (Set.prototype.has()) finds it too', async () => {
    const titles = await widgetSearch('Set.prototype.has()');
    expect(titles[0], titles.join(' | ')).toBe('Set.prototype.has()');
  });
});
