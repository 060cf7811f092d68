/**
 * The limits of the API (section 8), in one place for the client, the widget and the
 * reference service. Where the description gives two conflicting figures, the service
 * accepts the larger and the widget sends at most the smaller, so both are safe.
 */

/** What the service accepts in `term`. */
export const TERM_MAX_CHARS = 300;
export const TERM_MAX_WORDS = 20;

/** What the widget sends in `term`: safe under both statements of the limit. */
export const WIDGET_TERM_MAX_CHARS = 150;
export const WIDGET_TERM_MAX_WORDS = 10;

export const LIMIT_MIN = 1;
export const LIMIT_MAX = 300;
export const LIMIT_DEFAULT = 10;

export const NUM_FACETS_MAX = 1000;
export const NUM_FACETS_DEFAULT = 10;

export const SUGGEST_SIZE_DEFAULT = 10;

/** `analyticsTag` on search and `tag` on stats events. */
export const TAG_MAX_CHARS = 50;
/** `session` and `docid` on stats events. */
export const SESSION_MAX_CHARS = 32;
export const DOCID_MAX_CHARS = 32;
/**
 * `userToken` on searches and stats events (an addition of the reference service): a
 * signed token, `<id>.<expiry>.<signature>`: an id of at most 64 characters, a dot, ten
 * digits, a dot and 43 of signature make 119.
 */
export const USER_TOKEN_MAX_CHARS = 127;

/** Request bodies, batches included. */
export const BODY_MAX_BYTES = 1_000_000;

/** A document's `id`, in the body or the path. */
export const ID_MAX_CHARS = 512;
/** A document's `url` and `thumbnail_external_src`. */
export const URL_MAX_CHARS = 4096;
/** An inline thumbnail is meant to be tiny; 8 KB keeps hits light. */
export const THUMBNAIL_B64_MAX_CHARS = 8192;
/** Custom fields per document, and values per list field. */
export const CUSTOM_FIELDS_MAX = 100;
export const CUSTOM_FIELD_ARRAY_MAX = 1000;
/** A recommendation event's transaction and item ids, like document ids, stay short. */
export const RECOMMENDATION_ID_MAX_CHARS = 512;
