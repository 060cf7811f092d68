/**
 * Every setting of an index in effect, the defaults filled in: the ranking settings
 * (config/rankingSettings.ts) and what the index learns (the personalization impact and
 * the suggestion settings) and the recrawl schedule, the config file's with the stored ones laid over them. What
 * `GET` and `PATCH /v2/indices/{key}/settings` answer.
 */
import type { IndexSettings } from '../../src/client/types.ts';
import { suggestionSettings } from '../events/learningSettings.ts';
import { DEFAULT_PERSONALIZATION } from '../events/personalization.ts';
import { configuredSettings, fullSettings, overlaySettings, type IndexTuning, type RankingConfig } from './rankingSettings.ts';

/** The index's settings in effect, with `stored` (written through the settings API) laid over its config file's. */
export function settingsInEffect(index: IndexTuning, stored: RankingConfig): IndexSettings {
  const config = overlaySettings(configuredSettings(index), stored);
  return {
    ...fullSettings(config),
    personalization: { impact: config.personalization?.impact ?? DEFAULT_PERSONALIZATION.impact },
    suggestions: suggestionSettings(config.suggestions),
    crawlSchedule: config.crawlSchedule ?? null,
  };
}
