/**
 * The learning settings of an index as the routes read them on each request: the
 * personalization impact and the suggestion settings, the config file's with those
 * written through `PATCH /v2/indices/{key}/settings` laid over them. Read from the
 * index's owner data at most once per LEARNING_SETTINGS_MAX_AGE_MS (a visitor typing
 * asks for suggestions several times a second), and at once after a PATCH through this
 * process; a PATCH through another node of a shared database applies within that time.
 */
import type { Steering } from '../engine/engine.ts';
import type { SuggestionSettings } from '../events/learningSettings.ts';
import { DEFAULT_PERSONALIZATION, type PersonalizationSettings } from '../events/personalization.ts';
import { parseStoredSettings, SETTINGS_ID, SETTINGS_KIND, type IndexTuning } from '../config/rankingSettings.ts';
import { settingsInEffect } from '../config/settingsInEffect.ts';

/** How long settings read are used before they are read again. */
export const LEARNING_SETTINGS_MAX_AGE_MS = 1000;

export interface LearningSettings {
  /** The config file's personalization, its impact the one in effect. */
  personalization: PersonalizationSettings;
  suggestions: SuggestionSettings;
}

export class CurrentLearningSettings {
  private kept: { settings: LearningSettings; until: number } | null = null;
  private reading: Promise<LearningSettings> | null = null;
  /** Bumped by `forget`: a read begun before it is not kept. */
  private generation = 0;

  constructor(
    private readonly steering: Pick<Steering, 'get'>,
    private readonly index: IndexTuning,
  ) {}

  /** The settings in effect. */
  async get(): Promise<LearningSettings> {
    if (this.kept !== null && this.kept.until > performance.now()) return this.kept.settings;
    this.reading ??= this.read();
    return this.reading;
  }

  /** After a write of the settings: the next request reads them again. */
  forget(): void {
    this.generation++;
    this.kept = null;
    this.reading = null;
  }

  private async read(): Promise<LearningSettings> {
    const generation = this.generation;
    try {
      const stored = parseStoredSettings(await this.steering.get(SETTINGS_KIND, SETTINGS_ID));
      const settings = learningSettings(this.index, settingsInEffect(this.index, stored));
      if (generation === this.generation) this.kept = { settings, until: performance.now() + LEARNING_SETTINGS_MAX_AGE_MS };
      return settings;
    } finally {
      if (generation === this.generation) this.reading = null;
    }
  }
}

/** The learning settings of index settings in effect, with the config file's settings of what profiles keep. */
export function learningSettings(
  index: Pick<IndexTuning, 'personalization'>,
  settings: { personalization: { impact: number }; suggestions: SuggestionSettings },
): LearningSettings {
  return {
    personalization: { ...DEFAULT_PERSONALIZATION, ...index.personalization, impact: settings.personalization.impact },
    suggestions: settings.suggestions,
  };
}
