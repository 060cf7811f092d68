import type { RangeFacetSpec } from '../engine/engine.ts';
import { invalidParameter } from '../schemas/apiError.ts';
import { customFieldName } from '../schemas/customFieldName.ts';
import { toNumber } from '../schemas/parseFilter.ts';

const MAX_FIELDS = 20;
const MAX_RANGES = 50;

/**
 * Parses `rangeFacets` (URL-decoded JSON): `[{"field": "custom_fields.<name>",
 * "ranges": [{"from"?: n, "to"?: n}, ...]}, ...]`. Throws a 400 naming `rangeFacets`.
 */
export function parseRangeFacets(text: string): RangeFacetSpec[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    fail('rangeFacets must be URL-encoded JSON, e.g. [{"field":"custom_fields.price","ranges":[{"to":10},{"from":10}]}]');
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_FIELDS) {
    fail(`rangeFacets must be an array of 1 to ${MAX_FIELDS} {field, ranges}`);
  }
  const seen = new Set<string>();
  return value.map((item: unknown, i) => {
    const at = `rangeFacets[${i}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) fail(`${at} must be {field, ranges}`);
    const record = item as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (key !== 'field' && key !== 'ranges') fail(`${at} has an unknown key '${key}'`);
    }
    const key = record.field;
    const field = typeof key === 'string' ? customFieldName(key) : null;
    if (typeof key !== 'string' || field === null) fail(`${at}.field must be custom_fields.<name>`);
    if (seen.has(key)) fail(`${at}.field ${key} is listed twice`);
    seen.add(key);
    const ranges = record.ranges;
    if (!Array.isArray(ranges) || ranges.length === 0 || ranges.length > MAX_RANGES) {
      fail(`${at}.ranges must be an array of 1 to ${MAX_RANGES} {from?, to?}`);
    }
    return {
      key,
      field,
      ranges: ranges.map((range: unknown, j) => parseRange(range, `${at}.ranges[${j}]`)),
    };
  });
}

function parseRange(value: unknown, at: string): { from?: number; to?: number } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(`${at} must be {from?, to?}`);
  const record = value as Record<string, unknown>;
  const range: { from?: number; to?: number } = {};
  for (const key of Object.keys(record)) {
    if (key !== 'from' && key !== 'to') fail(`${at} has an unknown key '${key}'; use from and to`);
    const n = toNumber(record[key]);
    if (n === null) fail(`${at}.${key} must be a number`);
    range[key] = n;
  }
  if (range.from !== undefined && range.to !== undefined && range.from >= range.to) {
    fail(`${at}: from must be less than to`);
  }
  return range;
}

function fail(message: string): never {
  throw invalidParameter('rangeFacets', message);
}
