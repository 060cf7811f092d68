import { render } from 'preact';
import { createClient } from '../client/createClient.ts';
import type { RecommendationHit } from '../client/types.ts';
import { createRecommendations } from '../core/createRecommendations.ts';
import { createTracker, type AnalyticsOptions } from '../tracker/createTracker.ts';
import type { Messages } from './messages.ts';
import { Recommendations } from './Recommendations.tsx';
import { checkTarget } from './checkTarget.ts';

/** Options of `mountRecommendations`. */
export interface RecommendationsMountOptions {
  /** The public site key of the index. */
  siteKey: string;
  /** Base URL of the search API. */
  baseUrl: string;
  /** The EU or US regional host; click events go there. */
  regionalUrl?: string;
  /** The service's recommendation configuration, e.g. `related`. */
  configurationKey: string;
  /** The item: a document id or a custom field value, as the configuration says. */
  itemId: string;
  /** Heading of the row. @default messages.related */
  title?: string;
  /** @default en */
  messages?: Messages;
  /** @default 'auto' */
  theme?: 'auto' | 'light' | 'dark';
  /** How clicks are reported, as `mount`'s option; `false` reports none. @default {} */
  analytics?: false | AnalyticsOptions;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
}

/**
 * Renders the related items of `itemId` into `target`; returns a `destroy` that aborts
 * and removes it, and `setConsent` for `analytics.requireConsent`.
 */
export function mountRecommendations(target: Element, options: RecommendationsMountOptions): { destroy(): void; setConsent(granted: boolean): void } {
  checkTarget(target, 'mountRecommendations');
  const { siteKey, baseUrl, regionalUrl, configurationKey, itemId, analytics = {} } = options;
  const recommendations = createRecommendations({ client: createClient({ siteKey, baseUrl, regionalUrl, fetch: options.fetch }), configurationKey, itemId });
  const tracker = analytics ? createTracker({ ...analytics, siteKey, baseUrl, regionalUrl }) : null;
  // The keyword names the configuration and the item the row was shown for (cut to the
  // stats endpoint's 100 characters), so click statistics tell these clicks from search clicks.
  const keyword = `recommendations:${configurationKey}:${itemId}`.slice(0, 100);
  const onHitClick = (hit: RecommendationHit, position: number) => {
    if (typeof hit.id === 'string' && hit.id !== '') tracker?.click(keyword, hit.id, position);
  };
  render(
    <Recommendations recommendations={recommendations} messages={options.messages} theme={options.theme} title={options.title} onHitClick={onHitClick} />,
    target,
  );
  return {
    setConsent: (granted) => tracker?.setConsent(granted),
    destroy() {
      render(null, target);
      recommendations.dispose();
      tracker?.dispose();
    },
  };
}
