import type { IndexRegistry } from '../indices.ts';

/** What every route plugin is given. */
export interface RouteOptions {
  indices: IndexRegistry;
}

/** The `{key}` path parameter of every endpoint. */
export interface KeyParams {
  key: string;
}

export const keyParamsSchema = {
  type: 'object',
  required: ['key'],
  properties: { key: { type: 'string', minLength: 1 } },
} as const;
