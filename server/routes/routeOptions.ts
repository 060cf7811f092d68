import type { IndexRegistry } from '../indices.ts';

/** What every route plugin is given. */
export interface RouteOptions {
  indices: IndexRegistry;
}
