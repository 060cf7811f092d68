/**
 * What a reader thread runs (searchWorker.mjs): one call of an index's search pipeline,
 * on a read-only connection of the thread's own to the index's file, kept open for the
 * next calls. A task names its index; the index's settings cross to each thread once,
 * when that thread first answers NEEDS_SETTINGS, not with every search.
 */
import type { RankingLimits } from '../engine/engine.ts';
import { SqliteReader } from '../engine/sqliteReader.ts';
import { createSearchPipeline, type SearchPipeline } from '../pipeline/searchPipeline.ts';
import type { RankingBase } from '../config/rankingSettings.ts';

/** The pipeline's calls, by name, with their arguments. */
export type SearchCall =
  | { op: 'search'; args: Parameters<SearchPipeline['search']> }
  | { op: 'answer'; args: Parameters<SearchPipeline['answer']> }
  | { op: 'suggest'; args: Parameters<SearchPipeline['suggest']> }
  | { op: 'autocomplete'; args: Parameters<SearchPipeline['autocomplete']> };

/** What a thread needs to open an index's pipeline; fixed for the life of the pipeline it names. */
export interface SearchIndexSettings {
  /** The index's database file. */
  file: string;
  limits: Partial<RankingLimits>;
  /** The config file's settings; the pipeline lays the stored ones over them, read from the file at each search. */
  ranking: RankingBase;
}

export type SearchTask = SearchCall & {
  /** Names the index's pipeline: the same for every task of one index of one service. */
  index: string;
  /** Only when the thread asked for them (NEEDS_SETTINGS): a thread keeps them from then on. */
  settings?: SearchIndexSettings;
};

/** A thread's answer to a task of an index it has not opened, sent without its settings: send them. */
export const NEEDS_SETTINGS = 'site-search: this thread needs the index settings';

const pipelines = new Map<string, { reader: SqliteReader; pipeline: SearchPipeline }>();

export async function runSearchTask(task: SearchTask): Promise<unknown> {
  let open = pipelines.get(task.index);
  if (open === undefined) {
    if (task.settings === undefined) return NEEDS_SETTINGS;
    const { file, limits, ranking } = task.settings;
    const reader = SqliteReader.open(file, limits);
    open = {
      reader,
      pipeline: createSearchPipeline(
        {
          read: (work) => reader.read(work),
          get changes() {
            return reader.changes;
          },
        },
        ranking,
      ),
    };
    pipelines.set(task.index, open);
  }
  const { pipeline } = open;
  switch (task.op) {
    case 'search':
      return pipeline.search(...task.args);
    case 'answer':
      return pipeline.answer(...task.args);
    case 'suggest':
      return pipeline.suggest(...task.args);
    case 'autocomplete':
      return pipeline.autocomplete(...task.args);
  }
}
