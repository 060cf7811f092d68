/**
 * The pattern of query parameters that reach storage: no NUL (see `storedTextProblem`).
 * Apart from the schemas so that what reads it (error answers, and through them reader
 * threads) loads no schema library.
 */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';
