/**
 * Every setting of an index in effect, the defaults filled in: the ranking settings
 * (ranking/rankingSettings.ts) and what the index learns (the personalization impact and
 * the suggestion settings), the config file's with the stored ones laid over them. What
 * `GET` and `PATCH /v2/indices/{key}/settings` answer.
 */
import type { IndexSettings } from '../../src/client/types.ts';
import type { IndexCredentials } from '../config.ts';
import { suggestionSettings } from '../events/learningSettings.ts';
import { DEFAULT_PERSONALIZATION } from '../events/personalization.ts';
import { configuredSettings, fullSettings, overlaySettings, type RankingConfig } from '../ranking/rankingSettings.ts';

/** The index's settings in effect, with `stored` (written through the settings API) laid over its config file's. */
export function settingsInEffect(index: Pick<IndexCredentials, 'ranking' | 'suggestions' | 'personalization'>, stored: RankingConfig): IndexSettings {
  const config = overlaySettings(configuredSettings(index), stored);
  return {
    ...fullSettings(config),
    personalization: { impact: config.personalization?.impact ?? DEFAULT_PERSONALIZATION.impact },
    suggestions: suggestionSettings(config.suggestions),
  };
}
