import { describe, expect, it } from 'vitest';
import { RouteTable } from './routeTable.ts';

describe('RouteTable', () => {
  it('matches Fastify paths with parameters and escaped colons', () => {
    const table = new RouteTable();
    table.add('PUT', '/v2/indices/:key/documents::batch');
    table.add(['PUT', 'DELETE'], '/v2/indices/:key/documents/:id');
    table.add(['GET', 'HEAD'], '/v1/search/:key');
    table.add('OPTIONS', '*');
    expect(table.methodsFor('/v2/indices/demo/documents:batch')).toEqual(['PUT']);
    expect(table.methodsFor('/v2/indices/demo/documents/abc')).toEqual(['DELETE', 'PUT']);
    expect(table.methodsFor('/v1/search/demo')).toEqual(['GET', 'HEAD']);
    expect(table.methodsFor('/v1/search/demo/x')).toEqual([]);
    expect(table.methodsFor('/v2/indices/demo/documentsXbatch')).toEqual([]);
  });
});
