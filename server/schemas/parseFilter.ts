import type { FilterNode } from '../engine/engine.ts';
import { invalidParameter } from './apiError.ts';
import { customFieldName } from './customFieldName.ts';

/** Bounds on a filter, so one request cannot make a huge SQL statement. */
const MAX_DEPTH = 8;
const MAX_NODES = 200;

/**
 * Parses the `filter` parameter (URL-decoded JSON): equality on `custom_fields.<name>`,
 * `category`, `range` with `gt`/`lt`, and nested `and`/`or`/`not`. An object with
 * several keys means all of them. Throws a 400 naming `filter` and the place at fault.
 */
export function parseFilter(text: string): FilterNode {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidParameter('filter', 'filter must be URL-encoded JSON, e.g. {"custom_fields.brand":"Acme"}');
  }
  const budget = { nodes: 0 };
  return node(value, 'filter', 0, budget);
}

function node(value: unknown, path: string, depth: number, budget: { nodes: number }): FilterNode {
  if (++budget.nodes > MAX_NODES) fail(path, `a filter may have at most ${MAX_NODES} parts`);
  if (depth > MAX_DEPTH) fail(path, `a filter may nest at most ${MAX_DEPTH} levels`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'must be an object');
  const entries = Object.entries(value);
  if (entries.length === 0) fail(path, 'must not be empty');
  const nodes = entries.map(([key, inner]) => entry(key, inner, `${path}.${key}`, depth, budget));
  return nodes.length === 1 ? nodes[0]! : { op: 'and', nodes };
}

function entry(key: string, value: unknown, path: string, depth: number, budget: { nodes: number }): FilterNode {
  switch (key) {
    case 'and':
    case 'or':
      if (!Array.isArray(value) || value.length === 0) fail(path, 'must be a non-empty array of filters');
      return { op: key, nodes: value.map((v, i) => node(v, `${path}[${i}]`, depth + 1, budget)) };
    case 'not':
      return { op: 'not', node: node(value, path, depth + 1, budget) };
    case 'category':
      if (typeof value !== 'string' || value === '') fail(path, 'must be a category such as 1xdocs');
      return { op: 'category', value };
    case 'range':
      return range(value, path);
  }
  const field = customFieldName(key);
  if (field === null) fail(path, `unknown filter key '${key}'; use custom_fields.<name>, category, range, and, or, not`);
  if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) {
    return { op: 'eq', field, value };
  }
  fail(path, 'must be a string or a number');
}

function range(value: unknown, path: string): FilterNode {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'must be an object');
  const entries = Object.entries(value);
  if (entries.length !== 1) fail(path, 'must name exactly one field: {"custom_fields.<name>": {"gt": 1, "lt": 9}}');
  const [key, bounds] = entries[0]!;
  const field = customFieldName(key);
  if (field === null) fail(`${path}.${key}`, 'a range needs a field custom_fields.<name>');
  if (typeof bounds !== 'object' || bounds === null || Array.isArray(bounds)) fail(`${path}.${key}`, 'must be {"gt"?, "lt"?}');
  const result: Extract<FilterNode, { op: 'range' }> = { op: 'range', field };
  const record = bounds as Record<string, unknown>;
  for (const bound of Object.keys(record)) {
    if (bound !== 'gt' && bound !== 'lt') fail(`${path}.${key}.${bound}`, 'a range takes only gt and lt');
    const n = toNumber(record[bound]);
    if (n === null) fail(`${path}.${key}.${bound}`, 'must be a number or a numeric string');
    result[bound] = n;
  }
  if (result.gt === undefined && result.lt === undefined) fail(`${path}.${key}`, 'needs gt, lt or both');
  return result;
}

/** A finite number from a number or a numeric string. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function fail(path: string, message: string): never {
  throw invalidParameter('filter', `${path}: ${message}`);
}
