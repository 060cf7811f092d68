// The entry for a site's server (`site-search-widget/node`): what must never run in a page.
export { signUserToken, userTokenKey, USER_ID_MAX_CHARS } from './userToken.ts';
export type { SignUserTokenOptions } from './userToken.ts';
