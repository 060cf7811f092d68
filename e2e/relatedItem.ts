// A document of the demo with related items, for the specs of the related-items row.
import type { APIRequestContext } from '@playwright/test';

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 18787}`;

/** A document of the demo that has related items: a member of the HTMLElement interface. */
export async function itemWithRelated(request: APIRequestContext): Promise<{ id: string; title: string }> {
  const search = await request.get(`${API}/v1/search/demo?term=HTMLElement&limit=20`);
  const { hits } = (await search.json()) as { hits: Array<{ id: string; title: string }> };
  for (const { id, title } of hits) {
    const answer = await request.get(`${API}/v1/recommendations/demo?configurationKey=related&ItemId=${id}`);
    if (((await answer.json()) as { hits: unknown[] }).hits.length >= 2) return { id, title };
  }
  throw new Error('no demo document with related items');
}
