/**
 * What a reader thread runs (searchWorker.mjs): one call of an index's search pipeline,
 * on a read-only connection of the thread's own to the index's file, kept open for the
 * next calls.
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

export type SearchTask = SearchCall & {
  /** The index's database file. */
  file: string;
  /** Names the index's settings: the same for every task of one index of one service. */
  index: string;
  limits: Partial<RankingLimits>;
  /** The config file's settings; the pipeline lays the stored ones over them. */
  ranking: RankingBase;
};

const pipelines = new Map<string, { reader: SqliteReader; pipeline: SearchPipeline }>();

export async function runSearchTask(task: SearchTask): Promise<unknown> {
  const key = `${task.index}\u0000${task.file}`;
  let open = pipelines.get(key);
  if (open === undefined) {
    const reader = SqliteReader.open(task.file, task.limits);
    open = {
      reader,
      pipeline: createSearchPipeline(
        {
          read: (work) => reader.read(work),
          get changes() {
            return reader.changes;
          },
        },
        task.ranking,
      ),
    };
    pipelines.set(key, open);
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
