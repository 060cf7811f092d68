// Loads MDN's browser-compat-data (BCD, CC0) and lists its features in the data's own order.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { CompatData, CompatStatement, Identifier } from '@mdn/browser-compat-data/types';

export type { Browsers, CompatData, CompatStatement } from '@mdn/browser-compat-data/types';

export interface FeatureStep {
  key: string;
  compat?: CompatStatement;
}

export interface BcdFeature {
  /** The BCD identifier split on dots, area first: `['api', 'HTMLElement', 'focus']`. */
  path: readonly string[];
  area: string;
  compat: CompatStatement;
  /** The steps from the area down to this feature's parent (the area itself excluded). */
  ancestors: readonly FeatureStep[];
  /** Keys of the sub-features, for flags such as `secure_context_required`. */
  childKeys: readonly string[];
}

/** Areas of BCD that hold features (everything but `__meta` and `browsers`). */
export const BCD_AREAS = [
  'api',
  'css',
  'html',
  'http',
  'javascript',
  'manifests',
  'mathml',
  'mediatypes',
  'svg',
  'webassembly',
  'webdriver',
  'webextensions',
] as const satisfies ReadonlyArray<keyof CompatData>;

/** Reads the installed package's `data.json`; a plain read is faster than an import of 20 MB. */
export function loadBcd(): CompatData {
  const file = createRequire(import.meta.url).resolve('@mdn/browser-compat-data');
  return JSON.parse(readFileSync(file, 'utf8')) as CompatData;
}

/** Every feature (node with `__compat`) of every area, depth first, in the data's key order. */
export function listFeatures(data: CompatData): BcdFeature[] {
  const features: BcdFeature[] = [];
  for (const area of BCD_AREAS) {
    walk(data[area], [area], [], area, features);
  }
  return features;
}

function walk(node: Identifier, path: string[], ancestors: FeatureStep[], area: string, out: BcdFeature[]): void {
  for (const [key, value] of Object.entries(node)) {
    if (key === '__compat') continue;
    // Every key but `__compat` holds a sub-identifier.
    const child = value as Identifier;
    const childPath = [...path, key];
    const compat = child.__compat;
    const childKeys = Object.keys(child).filter((k) => k !== '__compat');
    if (compat) out.push({ path: childPath, area, compat, ancestors, childKeys });
    const step: FeatureStep = compat ? { key, compat } : { key };
    walk(child, childPath, [...ancestors, step], area, out);
  }
}
