/**
 * Several nodes: two `site-search-server` processes on one PostgreSQL database, as an
 * operator runs them behind a load balancer. What one acknowledges, the other serves
 * within a second, and a SIGKILL of either loses nothing it acknowledged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../testing/postgresDatabase.ts';
import { DEMO_AUTH, eventually } from '../testing/service.ts';
import { ServiceNodes, type ServiceNode } from '../testing/serviceFromSource.ts';

type Node = ServiceNode;

const folder = mkdtempSync(join(tmpdir(), 'site-search-nodes-'));
let databaseUrl = '';
// The tests search faster than the 5 a second one address may.
const nodes = new ServiceNodes(folder, { SITE_SEARCH_RATE_LIMIT: 'off' });
const startNode = (name: string): Promise<Node> => nodes.start(name, databaseUrl);
const kill = (node: Node): Promise<void> => nodes.kill(node);

function put(node: Node, id: string, title: string): Promise<Response> {
  return fetch(`${node.url}/v2/indices/demo/documents/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: DEMO_AUTH },
    body: JSON.stringify({ url: `https://example.com/${id}`, title, main_content: `${title} content` }),
  });
}

/** The ids of every document the term finds, page after page. */
async function searchIds(node: Node, term: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${node.url}/v1/search/demo?term=${encodeURIComponent(term)}&limit=300&page=${page}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { hits: Array<{ url: string }>; total_hits: number };
    ids.push(...body.hits.map((hit) => hit.url.slice('https://example.com/'.length)));
    if (body.hits.length < 300) return ids;
  }
}

/**
 * Until `check` holds, polling. How soon a node sees the other's writes is measured by
 * the several-nodes bench (`npm run bench:scale`), not here: a test decides on what it
 * sees, never on the wall clock; the bound only keeps a node that never sees it from
 * hanging the run.
 */
async function seen(check: () => Promise<boolean>): Promise<void> {
  await eventually(async () => ((await check()) ? true : undefined));
}

/**
 * Writes documents one after another (four at a time) through `writer` until it is
 * killed, then returns the ids it acknowledged with 202.
 */
async function writeUntilKilled(writer: Node, prefix: string): Promise<string[]> {
  const acknowledged: string[] = [];
  let next = 0;
  let stop = false;
  const lane = async () => {
    while (!stop) {
      const id = `${prefix}${next++}`;
      try {
        if ((await put(writer, id, `killed ${prefix} document`)).status === 202) acknowledged.push(id);
      } catch {
        return; // the connection died with the process: not acknowledged
      }
    }
  };
  const lanes = Array.from({ length: 4 }, lane);
  // Let some writes land, then kill the node in the middle of others.
  await new Promise((resolve) => setTimeout(resolve, 600));
  await kill(writer);
  stop = true;
  await Promise.all(lanes);
  // Killed means gone: nothing answers on its address any more.
  await expect(fetch(`${writer.url}/health`)).rejects.toThrow();
  return acknowledged;
}

describe('two service processes on one PostgreSQL database', () => {
  let a: Node;
  let b: Node;

  beforeAll(async () => {
    databaseUrl = await testDatabase('two_nodes');
    [a, b] = await Promise.all([startNode('a'), startNode('b')]);
  });

  afterAll(async () => {
    await nodes.killAll();
    rmSync(folder, { recursive: true, force: true });
  });

  it('serves through one what the other acknowledged', async () => {
    expect((await put(a, 'shared1', 'Quokka habits')).status).toBe(202);
    await seen(async () => (await searchIds(b, 'quokka')).includes('shared1'));

    // And the other way round, a replacement and a delete included.
    expect((await put(b, 'shared1', 'Wombat habits')).status).toBe(202);
    await seen(async () => (await searchIds(a, 'wombat')).includes('shared1'));
    expect(await searchIds(a, 'quokka')).toEqual([]);
    const removed = await fetch(`${a.url}/v2/indices/demo/documents/shared1`, { method: 'DELETE', headers: { authorization: DEMO_AUTH } });
    expect(removed.status).toBe(202);
    await seen(async () => (await searchIds(b, 'wombat')).length === 0);
  });

  it('searches by settings changed through the other node, and reads them there', async () => {
    expect((await put(a, 'car1', 'Automobile repair')).status).toBe(202);
    await seen(async () => (await searchIds(b, 'automobile')).includes('car1'));
    // Node b has searched, so it holds the settings' version it read.
    expect(await searchIds(b, 'car')).toEqual([]);
    const patched = await fetch(`${a.url}/v2/indices/demo/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: DEMO_AUTH },
      body: JSON.stringify({ synonyms: [['car', 'automobile']] }),
    });
    expect(patched.status).toBe(200);
    await seen(async () => (await searchIds(b, 'car')).includes('car1'));
    const onB = await fetch(`${b.url}/v2/indices/demo/settings`, { headers: { authorization: DEMO_AUTH } });
    expect(((await onB.json()) as { synonyms: unknown }).synonyms).toEqual([['car', 'automobile']]);
  });

  it('leaves out a word blocked through the other node, and reads the learning settings written there', async () => {
    expect((await put(a, 'mango1', 'Mango lassi')).status).toBe(202);
    const suggestedOnB = async () => {
      const response = await fetch(`${b.url}/v1/suggest/demo?term=mango`);
      return ((await response.json()) as { suggestions: Array<{ value: string }> }).suggestions.map((s) => s.value);
    };
    await seen(async () => (await suggestedOnB()).includes('Mango lassi'));
    const patched = await fetch(`${a.url}/v2/indices/demo/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: DEMO_AUTH },
      body: JSON.stringify({ suggestions: { blockedWords: ['lassi'] }, personalization: { impact: 0 } }),
    });
    expect(patched.status).toBe(200);
    await seen(async () => !(await suggestedOnB()).includes('Mango lassi'));
    const onB = await fetch(`${b.url}/v2/indices/demo/settings`, { headers: { authorization: DEMO_AUTH } });
    expect(await onB.json()).toMatchObject({ suggestions: { blockedWords: ['lassi'] }, personalization: { impact: 0 } });
  });

  it('refuses a batch with a type conflict on one node, and the other sees nothing of it', async () => {
    const batch = (node: Node, documents: unknown[]) =>
      fetch(`${node.url}/v2/indices/demo/documents:batch`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: DEMO_AUTH },
        body: JSON.stringify({ documents }),
      });
    expect((await batch(a, [{ id: 'typed1', url: 'https://example.com/typed1', title: 'Numbat one', custom_fields: { size: 3 } }])).status).toBe(202);
    const conflict = await batch(b, [
      { id: 'typed2', url: 'https://example.com/typed2', title: 'Numbat two' },
      { id: 'typed3', url: 'https://example.com/typed3', title: 'Numbat three', custom_fields: { size: 'large' } },
    ]);
    expect(conflict.status).toBe(400);
    expect(((await conflict.json()) as { error: { code: string } }).error.code).toBe('custom_field_type_conflict');
    expect(await searchIds(a, 'numbat')).toEqual(['typed1']);
  });

  it('loses nothing a node acknowledged when either is killed, and the other goes on', async () => {
    const fromA = await writeUntilKilled(a, 'a');
    expect(fromA.length).toBeGreaterThan(0);
    const onB = await searchIds(b, 'killed');
    for (const id of fromA) expect(onB, id).toContain(id);

    a = await startNode('a');
    const fromB = await writeUntilKilled(b, 'b');
    expect(fromB.length).toBeGreaterThan(0);
    const onA = new Set(await searchIds(a, 'killed'));
    for (const id of [...fromA, ...fromB]) expect(onA.has(id), id).toBe(true);
  });
});
