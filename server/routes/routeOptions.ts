import type { IndexRegistry } from '../indices/indexRegistry.ts';

/** What every route plugin is given. */
export interface RouteOptions {
  indices: IndexRegistry;
}
