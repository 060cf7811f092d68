import type { SearchHit } from '../../src/client/types.ts';
import { documentType } from '../documents/documentType.ts';
import { parseUrl, urlCategories } from '../documents/urlCategories.ts';
import type { StoredDocument } from '../engine/engine.ts';
import { highlightTitle, type HighlightTerms } from './highlight.ts';
import { hitPassage } from './hitPassage.ts';
import { promotionId } from './promotionId.ts';
import type { PlacedPromotion } from './queryRules.ts';
import { escapeHtml } from '../text/escapeHtml.ts';

/** A search hit (API 2.2) for a stored document; `highlight`, its passage when already found (see passageFromStart). */
export function searchHit(document: StoredDocument, score: number, terms: HighlightTerms, highlight: string = hitPassage(document, terms)): SearchHit {
  const customFields: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(document.customFields)) {
    customFields[name] = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : [...value];
  }
  return {
    id: document.id,
    url: document.url ?? '',
    title: document.title,
    thumbnail_external_src: document.thumbnail,
    meta_description: document.metaDescription,
    meta_categories: null,
    custom_fields: customFields,
    highlight,
    ts: formatTs(document.docDate ?? document.firstIndexed),
    categories: urlCategories(document.url),
    document_type: documentType(parseUrl(document.url)),
    images: { main: document.thumbnail, main_b64: document.thumbnailB64, capture: null },
    score,
    // Without searched words (`*`, recommendations) there is nothing to mark.
    ...((terms.exact.size > 0 || terms.prefixes.length > 0) && { titleHighlight: highlightTitle(document.title, terms) }),
  };
}

/**
 * A query rule's promotion card as a hit: no document stands behind it, so it has no
 * date (`ts` is empty), fields or categories; its text is the highlight, escaped. Its id
 * fits a click event's `docid` (promotionId.ts).
 */
export function promotionHit(promotion: PlacedPromotion, score: number): SearchHit {
  return {
    id: promotionId(promotion.ruleId, promotion.n),
    url: promotion.url,
    title: promotion.title,
    thumbnail_external_src: promotion.image ?? null,
    meta_description: null,
    meta_categories: null,
    custom_fields: {},
    highlight: escapeHtml(promotion.text ?? ''),
    ts: '',
    categories: [],
    document_type: 'html',
    images: { main: promotion.image ?? null, main_b64: null, capture: null },
    score,
    resultType: 'promotion',
  };
}

/** `yyyy-MM-ddTHH:mm:ss` in UTC. */
export function formatTs(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19);
}
