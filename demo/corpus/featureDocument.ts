// One BCD feature as an index document: title, URL, sentences, date and custom fields.
import type { IndexDocument } from '../../src/client/types.ts';
import type { BcdFeature, Browsers } from './bcdFeatures.ts';
import { firstReleaseDate, majorVersion, summarizeSupport, supportScore, type SupportSummary } from './browserSupport.ts';
import type { LibDescriptions } from './domDescriptions.ts';
import { featureKind, featureTitle } from './featureTitle.ts';
import { factSentences, featureStatus, sourceSentences } from './featureText.ts';
import { featureUrl } from './featureUrl.ts';
import { thumbnailName } from './thumbnails.ts';
import type { WebCustomData } from './webCustomData.ts';

/** A document before the builder gives it an id and thumbnails (both depend on the whole corpus or the origin). */
export interface FeatureDocument {
  document: Omit<IndexDocument, 'id' | 'thumbnail_external_src' | 'thumbnail_b64'> & {
    url: string;
    custom_fields: NonNullable<IndexDocument['custom_fields']>;
  };
  thumbnail: string;
}

export interface FeatureContext {
  lib: LibDescriptions;
  /** VS Code's CSS and HTML data, for the descriptions of markup features. */
  web: WebCustomData;
  browsers: Browsers;
}

/** The document of a feature, or null when no upstream sentence describes it. */
export function featureDocument(feature: BcdFeature, context: FeatureContext): FeatureDocument | null {
  const { descriptions, notes } = sourceSentences(feature, context, context.browsers);
  if (descriptions.length === 0 && notes.length === 0) return null;
  const summary = summarizeSupport(feature.compat.support, context.browsers);
  // What it is, then who supports it, then the notes that qualify that support.
  const sentences = [...descriptions, ...factSentences(feature, summary, context.browsers), ...notes];

  const owner = ownerName(feature);
  const date = firstReleaseDate(summary);
  const document: FeatureDocument['document'] = {
    url: featureUrl(feature),
    title: featureTitle(feature, context.lib),
    main_content: sentences.join(' '),
    language: 'en',
    custom_fields: customFields(feature, summary, owner, date, featureKind(feature, context.lib)),
  };
  // A feature no browser fully supports is dated by its first release in any form, else
  // by its nearest parent, not by the day it is indexed (the service's default).
  const dated = date ?? summary.firstSeen ?? parentDate(feature, context.browsers);
  if (dated !== undefined) document.doc_date = dated;
  return { document, thumbnail: thumbnailName(feature.area, owner, feature.path.at(-1)) };
}

/** The first release of the nearest parent feature that has one. */
function parentDate(feature: BcdFeature, browsers: Browsers): string | undefined {
  for (const ancestor of [...feature.ancestors].reverse()) {
    const summary = ancestor.compat === undefined ? undefined : summarizeSupport(ancestor.compat.support, browsers);
    const date = summary === undefined ? undefined : (firstReleaseDate(summary) ?? summary.firstSeen);
    if (date !== undefined) return date;
  }
  return undefined;
}

/** The interface, global object or top feature the feature belongs to (`HTMLElement`, `Array`, `display`). */
export function ownerName(feature: BcdFeature): string {
  const [area, category, ...rest] = feature.path;
  if (area === 'api') return category ?? area;
  if (area === 'javascript' && category === 'builtins') return rest[0] ?? category;
  return rest[0] ?? category ?? area ?? '';
}

function customFields(
  feature: BcdFeature,
  summary: SupportSummary,
  owner: string,
  date: string | undefined,
  kind: string,
): FeatureDocument['document']['custom_fields'] {
  const status = featureStatus(feature);
  const fields: FeatureDocument['document']['custom_fields'] = {
    area: feature.area,
    kind,
    interface: owner,
    status,
    bcd_path: feature.path.join('.'),
    tags: featureTags(feature, summary, status),
    browser_count: summary.full.length,
    chrome_version: majorVersion(summary, 'chrome'),
    firefox_version: majorVersion(summary, 'firefox'),
    safari_version: majorVersion(summary, 'safari'),
    support_score: supportScore(summary),
  };
  // An empty list would leave the field's type to guess; omit it like the date fields.
  if (summary.full.length > 0) fields['browsers'] = summary.full.map((s) => s.name);
  if (date !== undefined) {
    fields['first_year'] = Number(date.slice(0, 4));
    fields['first_support_ts'] = Date.parse(`${date}T00:00:00Z`) / 1000;
  }
  return fields;
}

function featureTags(feature: BcdFeature, summary: SupportSummary, status: string): string[] {
  const tags = [status];
  const flags = feature.compat.status;
  if (flags?.standard_track) tags.push('standard-track');
  if (flags?.experimental && status !== 'experimental') tags.push('experimental');
  if (flags?.deprecated && status !== 'deprecated') tags.push('deprecated');
  if (feature.childKeys.includes('secure_context_required')) tags.push('secure-context');
  if (feature.childKeys.includes('worker_support')) tags.push('workers');
  if (summary.flagged) tags.push('behind-flag');
  if (summary.prefixed) tags.push('prefixed');
  if (summary.partial) tags.push('partial');
  if (summary.removed) tags.push('removed');
  if (summary.full.length === 0) tags.push('unsupported');
  // BCD's `web-features:<id>` tags name the feature group MDN's Baseline tracks.
  for (const tag of feature.compat.tags ?? []) {
    if (tag.startsWith('web-features:') && !tag.startsWith('web-features:snapshot:')) tags.push(tag.slice('web-features:'.length));
  }
  return [...new Set(tags)];
}
