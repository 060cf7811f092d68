// The sentences of a document. "Source" sentences are upstream text (the MDN summaries in
// VS Code's web data and in TypeScript's typings, BCD's descriptions and support notes);
// "fact" sentences are composed here from the compat data. A feature without a source
// sentence does not become a document.
import type { BcdFeature, Browsers } from './bcdFeatures.ts';
import { MAJOR_BROWSERS, firstReleaseDate, type SupportSummary } from './browserSupport.ts';
import { mdnUrlKey, type LibDescriptions, type LibEntry } from './domDescriptions.ts';
import { asSentence, htmlToText, isSentence, wordCount } from './plainText.ts';
import { webDataEntry, webDataText, type WebCustomData } from './webCustomData.ts';

export type FeatureStatus = 'standard' | 'experimental' | 'deprecated' | 'non-standard';

/** Notes per document: enough to inform, few enough to keep one feature from drowning the rest. */
const MAX_NOTES = 6;
/** Interfaces shared by many elements; their summary says nothing about one element. */
const GENERIC_INTERFACES = new Set(['HTMLElement', 'SVGElement', 'MathMLElement', 'HTMLUnknownElement']);
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export interface SourceSentences {
  /**
   * What the feature is: the web data's description of the markup (CSS, HTML), then
   * TypeScript's MDN summary of the DOM side, then BCD's description when it is a sentence.
   */
  descriptions: string[];
  /** BCD's support notes, each naming its browsers. */
  notes: string[];
}

/** Where the upstream text comes from, besides BCD itself. */
export interface DescriptionSources {
  lib: LibDescriptions;
  web: WebCustomData;
}

/**
 * The upstream sentences about a feature; both lists are empty when it has none.
 * Where VS Code's web data and the typings both describe a feature, both are kept: for an
 * element or attribute the web data says what the markup does (`The dialog element
 * represents ...`), the typings what its DOM interface or reflecting property does.
 */
export function sourceSentences(feature: BcdFeature, sources: DescriptionSources, browsers: Browsers): SourceSentences {
  const descriptions: string[] = [];
  const add = (text: string | undefined) => {
    const sentence = text && asSentence(text);
    if (sentence && wordCount(sentence) >= 6 && !descriptions.some((d) => sameText(d, sentence))) descriptions.push(sentence);
  };
  add(webDataText(webDataEntry(feature.path, sources.web)));
  add(libEntry(feature, sources.lib)?.description);
  const description = feature.compat.description && htmlToText(feature.compat.description);
  if (description && isSentence(description)) add(description);
  return { descriptions, notes: supportNotes(feature, browsers) };
}

/** Whether two texts say the same, give or take case, spacing and punctuation. */
function sameText(a: string, b: string): boolean {
  const key = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return key(a) === key(b);
}

/** The TypeScript library entry that documents this feature, by name or by MDN page. */
export function libEntry(feature: BcdFeature, lib: LibDescriptions): LibEntry | undefined {
  const byName = libEntryByName(feature, lib);
  if (byName?.description) return byName;
  const url = feature.compat.mdn_url;
  const byUrl = url ? lib.byUrl.get(mdnUrlKey(url)) : undefined;
  return byUrl?.description ? byUrl : byName;
}

function libEntryByName(feature: BcdFeature, lib: LibDescriptions): LibEntry | undefined {
  const [area, category, ...rest] = feature.path;
  if (area === 'api' && category !== undefined) return codeEntry([category, ...rest], lib);
  if (area === 'javascript' && category === 'builtins') return codeEntry(rest, lib);
  if (area === 'webassembly' && category === 'api') return codeEntry(['WebAssembly', ...rest], lib);
  const namespace = area === 'html' || area === 'svg' ? area : undefined;
  if (namespace === undefined) return undefined;
  const [tag, attribute] = rest;
  if (category === 'global_attributes' && tag !== undefined && rest.length === 1) {
    return lib.membersLower.get(`${namespace === 'html' ? 'htmlelement' : 'svgelement'}.${tag.toLowerCase()}`);
  }
  if (category !== 'elements' || tag === undefined || rest.length > 2) return undefined;
  const face = lib.tagInterfaces.get(`${namespace}:${tag}`);
  if (face === undefined || GENERIC_INTERFACES.has(face)) return undefined;
  if (attribute === undefined) return lib.members.get(face);
  return lib.membersLower.get(`${face}.${attribute}`.toLowerCase());
}

/** `Array.from`, `URL.canParse_static`, `Intl.Collator.compare`, `Blob.Blob` (constructor). */
function codeEntry(keys: readonly string[], lib: LibDescriptions): LibEntry | undefined {
  const last = keys[keys.length - 1] ?? '';
  if (last.endsWith('_static')) return lib.statics.get([...keys.slice(0, -1), last.slice(0, -7)].join('.'));
  const name = keys.join('.');
  return lib.members.get(name) ?? lib.statics.get(name);
}

/** BCD's per-browser notes, one sentence per distinct note, naming the browsers it is about. */
export function supportNotes(feature: BcdFeature, browsers: Browsers): string[] {
  const byText = new Map<string, string[]>();
  for (const [browser, info] of Object.entries(browsers)) {
    const statement = feature.compat.support[browser as keyof Browsers];
    if (statement === undefined) continue;
    for (const simple of Array.isArray(statement) ? statement : [statement]) {
      const notes: readonly string[] = simple.notes === undefined ? [] : ([] as string[]).concat(simple.notes);
      for (const note of notes) {
        const text = asSentence(htmlToText(note));
        if (wordCount(text) < 6) continue;
        const names = byText.get(text) ?? [];
        if (!names.includes(info.name)) names.push(info.name);
        byText.set(text, names);
      }
    }
  }
  return [...byText].slice(0, MAX_NOTES).map(([text, names]) => `${list(names)}: ${text}`);
}

export function featureStatus(feature: BcdFeature): FeatureStatus {
  const status = feature.compat.status;
  // BCD gives no status to WebExtensions: browser vendor APIs, not on a web standards track.
  if (status === undefined) return 'non-standard';
  if (status.deprecated) return 'deprecated';
  if (!status.standard_track) return 'non-standard';
  if (status.experimental) return 'experimental';
  return 'standard';
}

/** Sentences composed from the compat data: who supports it, since when, and its status. */
export function factSentences(feature: BcdFeature, summary: SupportSummary, browsers: Browsers): string[] {
  const sentences: string[] = [];
  const major = MAJOR_BROWSERS.flatMap((id) => summary.full.filter((s) => s.browser === id));
  const others = summary.full.filter((s) => !MAJOR_BROWSERS.includes(s.browser));
  if (major.length > 0) {
    sentences.push(`Supported since ${list(major.map((s) => `${s.name} ${s.version}`))}.`);
    const missing = MAJOR_BROWSERS.filter((id) => !major.some((s) => s.browser === id));
    const names = missing.map((id) => browsers[id].name);
    if (names.length > 0) sentences.push(`It is not supported in ${list(names)}.`);
  }
  if (others.length > 0) {
    const intro = major.length > 0 ? 'It is also supported in' : 'It is supported in';
    sentences.push(`${intro} ${list(others.map((s) => `${s.name} ${s.version}`))}.`);
  }
  if (summary.full.length === 0) sentences.push('No browser tracked by MDN supports it fully yet.');
  if (summary.flagged) sentences.push('Some browsers offer it only behind a flag or preference.');
  if (summary.prefixed) sentences.push('Some browsers support it only with a prefix or under another name.');
  if (summary.partial) sentences.push('Some browsers implement it only partially.');
  if (summary.removed) sentences.push('At least one browser has shipped it and removed it again.');

  const first = firstReleaseDate(summary);
  const pioneer = summary.full.find((s) => s.releaseDate === first);
  if (first !== undefined && pioneer !== undefined) {
    sentences.push(`It first shipped in ${pioneer.name} ${pioneer.version}, released on ${longDate(first)}.`);
  }
  const status = featureStatus(feature);
  if (status === 'deprecated') sentences.push('It is deprecated, so new code should not rely on it.');
  if (status === 'experimental') sentences.push('It is experimental, so its behavior may still change.');
  if (status === 'non-standard' && feature.compat.status) sentences.push('It is not part of any standards-track specification.');
  if (feature.childKeys.includes('secure_context_required')) {
    sentences.push('It is available only in secure contexts such as HTTPS pages.');
  }
  if (feature.childKeys.includes('worker_support')) sentences.push('It is also available in Web Workers.');
  return sentences;
}

/** `A`, `A and B`, `A, B and C`. */
function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** `2015-09-01` -> `September 1, 2015`, without locale data so output never varies by machine. */
function longDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`;
}
