/**
 * The key of what a class shows only to tests (a store's database connection, to
 * inject a fault): a symbol, so it stays off the interfaces the service uses and out
 * of completion lists.
 */
export const kTestInternals: unique symbol = Symbol('site-search test internals');
