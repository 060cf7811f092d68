import { checkedHostFor, type ApiArea, type RegionalHostOptions } from './hosts.ts';
import { buildUrl, type QueryValue } from './request.ts';
import type { TransportOptions } from './sendRequest.ts';

/** What every call of an area module needs: the index, its hosts, the transport and credentials. */
export interface ApiContext {
  siteKey: string;
  hosts: RegionalHostOptions;
  transport: TransportOptions;
  /** The `Authorization` header for the authenticated calls. */
  authorization?: string | undefined;
}

/**
 * The URL of a call: the area's host (refusing a regional host where it cannot serve),
 * then `path` with `{key}` replaced by the encoded site key, then the query.
 */
export function apiUrl(context: ApiContext, area: ApiArea, path: string, query: Record<string, QueryValue> = {}): string {
  return buildUrl(checkedHostFor(area, context.hosts), path.replace('{key}', encodeURIComponent(context.siteKey)), query);
}
