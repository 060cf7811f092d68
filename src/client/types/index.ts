/**
 * The types of the Site Search API: resources (section 2), request parameters
 * (section 4) and error bodies, one file per part of the API. This is the one place
 * they are written down; the client, the widget and the reference service all import
 * them from here (or from src/client/types.ts, which re-exports this folder).
 */
export type * from './documents.ts';
export type * from './search.ts';
export type * from './suggestions.ts';
export type * from './recommendations.ts';
export type * from './stats.ts';
export type * from './statsReport.ts';
export type * from './users.ts';
export type * from './health.ts';
export type * from './errors.ts';
export type * from './rules.ts';
export type * from './settings.ts';
export type * from './crawls.ts';
export type * from './admin.ts';
