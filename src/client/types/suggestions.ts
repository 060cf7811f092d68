// Suggestions and autocomplete (4.2, 4.3): the words offered while the visitor types.

/** A suggestion or autocomplete item (2.6). */
export interface ValueItem {
  value: string;
}

/** Query parameters of `GET /v1/suggest/{key}` (4.2). */
export interface SuggestParams {
  term: string;
  /** @default 10 */
  size?: number;
}

export interface SuggestResponse {
  suggestions: ValueItem[];
}

/** Query parameters of `GET /v1/autocomplete/document-field/{key}` (4.3). */
export interface AutocompleteParams {
  term: string;
  /** `custom_fields.<name>`. */
  source: string;
}

export interface AutocompleteResponse {
  autocomplete: ValueItem[];
}
