import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { batches } from '../../src/client/batches.ts';
import type { IndexClient } from '../../src/client/createIndexClient.ts';
import { SearchApiError } from '../../src/client/errors.ts';
import type { FuzzyMode, QueryRuleInput, RecommendationEvent, SearchFilter, SearchParams } from '../../src/client/types.ts';
import { CONNECTION_OPTIONS, connect, count, type ConnectionFlags } from './connection.ts';
import { indexFile, InvalidDocumentError } from './indexFile.ts';
import { evaluate, RefusedQueryError } from './evaluate.ts';
import { missesText, scoresTable, unmet, type Thresholds } from './evalReport.ts';
import { readJudgedQueries } from './judgedQueries.ts';
import { createProgress } from './progress.ts';
import { formatOf, readRecords } from './readRecords.ts';
import { retryRefused } from './retryRefused.ts';
import { searchTable } from './searchTable.ts';
import { indicesCommand } from './indicesCommand.ts';
import { settingsCommand } from './settingsCommand.ts';
import type { Io } from './io.ts';
import { crawlJob } from './crawlJob.ts';
import { UsageError } from './UsageError.ts';

export const HELP = `Usage: site-search <command> [options]

Feed and check a Site Search index on any compatible API host.

Commands:
  index FILE                 index a JSON, NDJSON or CSV file of documents in batches
      --format json|ndjson|csv   (default: from the file extension)
      --skip-invalid             skip bad documents and list them at the end (default: stop at the first)
      --resume                   carry on after the last line an interrupted run had indexed
      --state PATH               the resume state file (default: FILE.site-search-state.json)
      --batch-size N             most documents per batch (default: 1000; always under 1,000,000 bytes)
  crawl --site URL           crawl a site on the service from URL: links are followed, robots.txt
                             and sitemaps read, every page left out reported with its reason
      --include GLOB             crawl only URLs that match (repeatable; '**' any characters, '*' any but '/')
      --exclude GLOB             leave out URLs that match (repeatable)
      --dry-run                  fetch only what discovery needs, index nothing, report each URL in or out
      --wait                     show the crawl's progress until it ends, then its report;
                                 exit 1 when it failed
  crawl --sitemap URL        the same, from a sitemap (or sitemap index); with --site too, both
  crawl --changed FILE       a deploy hook: crawl just the URLs in FILE (one a line; - reads stdin),
                             no links followed, every other page left as it is
      --since TIME               with --site or --sitemap: crawl what the sitemaps say changed
                                 since TIME (ISO 8601, e.g. 2026-12-01T10:00:00Z)
  crawl URL...               schedule single pages for crawling (no links followed)
  status URL|ID              a document's status (a URL is turned into its id, the md5 of the URL)
  get ID                     a document as indexed
  delete ID                  remove a document
  hidden-keywords ID WORDS   set a document's hidden keywords (space-delimited)
  events FILE --dataset NAME send recommendation dataset events (JSON, NDJSON or CSV) in batches
  search TERM                search and print a table
      --limit N --page N --sort FIELD --order asc|desc --fuzzy true|false|auto
      --filter JSON --facet FIELD (repeatable) --json
  eval FILE                  search judged queries and print success@1, success@3, MRR@10 and the misses;
                             FILE is JSON [{"query": "...", "wanted": ["ID or URL", ...]}] or CSV query,wanted
                             (wanted separated by |)
      --min-mrr X --min-success1 X --min-success3 X   exit 1 when a figure (0 to 1) is under X
      --format json|ndjson|csv   (default: from the file extension)
  settings get               the index's settings as JSON
  settings set JSON|FILE     change the settings the JSON object gives (rules, customRanking,
                             synonyms, stopWords, typos, personalization, suggestions),
                             e.g. '{"stopWords": []}' or '{"personalization": {"impact": 0}}'
  rules list                 the index's query rules, as JSON
  rules put ID FILE|-        create or replace a rule from a JSON file (- reads standard input)
  rules delete ID            remove a rule
  indices list               every index of the service, its source and documents (admin key)
  indices create KEY         make an index; prints its secret, shown this once
  indices rotate KEY         give an index made so a new secret; the old one stops at once
  indices delete KEY --confirm KEY   delete an index made so, its documents and events

Connection (every command):
  --url URL        the API host root        (or SITE_SEARCH_URL)
  --key KEY        the index's site key     (or SITE_SEARCH_KEY)
  --secret SECRET  the index's secret key   (not needed for search or eval)
                   Prefer SITE_SEARCH_SECRET: a flag shows in ps and in the shell's history.
  --admin-key K    the service's admin key, for indices (or SITE_SEARCH_ADMIN_KEY; prefer it)
  --retries N      retries of idempotent calls (default 5)
  --timeout S      seconds allowed per request (default 60)

Exit codes: 0 done, 1 failed, 2 usage error.
`;

type Options = NonNullable<ParseArgsConfig['options']>;

/** Runs one command line; resolves to the exit code. Never exits the process itself. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  const log = (line: string): void => void io.stderr.write(`${line}\n`);
  try {
    if (command === undefined) throw new UsageError('a command is needed (see site-search --help)');
    if (command === '--help' || command === '-h' || command === 'help') {
      io.stdout.write(HELP);
      return 0;
    }
    const handler = COMMANDS[command];
    if (handler === undefined) throw new UsageError(`unknown command '${command}' (see site-search --help)`);
    await handler(rest, io, log);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      log(`site-search: ${(error as Error).message.split('\n')[0]}`);
      return 2;
    }
    if (error instanceof RefusedQueryError) {
      log(`site-search: the host refused the query at ${error.message}`);
      return 1;
    }
    if (error instanceof InvalidEventError) {
      log(`site-search: stopped at ${error.message}; no events were sent`);
      return 1;
    }
    if (error instanceof InvalidDocumentError) {
      log(`site-search: stopped at ${error.message} (fix it and run again with --resume, or pass --skip-invalid)`);
      return 1;
    }
    const message = error instanceof SearchApiError ? apiMessage(error) : error instanceof Error ? error.message : String(error);
    log(`site-search: ${message}`);
    return 1;
  }
}

type Handler = (args: string[], io: Io, log: (line: string) => void) => Promise<void>;

function parse<O extends Options>(args: string[], options: O, positionals: { min: number; max: number; usage: string }) {
  const parsed = parseArgs({ args, options: { ...CONNECTION_OPTIONS, ...options }, allowPositionals: true, strict: true });
  const n = parsed.positionals.length;
  if (n < positionals.min || n > positionals.max) throw new UsageError(`usage: site-search ${positionals.usage}`);
  return parsed;
}

const COMMANDS: Record<string, Handler> = {
  async index(args, io, log) {
    const { values, positionals } = parse(
      args,
      {
        format: { type: 'string' },
        'skip-invalid': { type: 'boolean' },
        resume: { type: 'boolean' },
        state: { type: 'string' },
        'batch-size': { type: 'string' },
      },
      { min: 1, max: 1, usage: 'index FILE [--format json|ndjson|csv] [--skip-invalid] [--resume]' },
    );
    const file = positionals[0]!;
    const format = formatOf(file, values.format as string | undefined);
    const batchSize = count('--batch-size', values['batch-size'] as string | undefined, 1000);
    if (batchSize < 1) throw new UsageError('--batch-size must be at least 1');
    const progress = createProgress('indexed', io.stderr);
    const client = connect(values as ConnectionFlags, io.env, { needsSecret: true, log: progress.log });
    const state = await indexFile({
      file,
      format,
      skipInvalid: values['skip-invalid'] === true,
      resume: values.resume === true,
      stateFile: values.state as string | undefined,
      batchSize,
      client,
      progress,
    });
    progress.finish(state.indexed);
    if (state.skipped.length > 0) {
      log(`skipped ${state.skipped.length} invalid document${state.skipped.length === 1 ? '' : 's'}:`);
      for (const { line, reason } of state.skipped) log(`  line ${line}: ${reason}`);
    }
    io.stdout.write(`indexed ${state.indexed} documents from ${file}${state.skipped.length > 0 ? `, skipped ${state.skipped.length}` : ''}\n`);
  },

  async crawl(args, io) {
    const usage =
      'crawl --site URL [--sitemap URL] [--include GLOB] [--exclude GLOB] [--dry-run] [--wait] | crawl --changed FILE|- [--since TIME] [--wait] | crawl URL...';
    const { values, positionals } = parse(
      args,
      {
        site: { type: 'string', multiple: true },
        sitemap: { type: 'string', multiple: true },
        include: { type: 'string', multiple: true },
        exclude: { type: 'string', multiple: true },
        changed: { type: 'string' },
        since: { type: 'string' },
        'dry-run': { type: 'boolean' },
        wait: { type: 'boolean' },
      },
      { min: 0, max: Infinity, usage },
    );
    const sites = (values.site as string[] | undefined) ?? [];
    const sitemaps = (values.sitemap as string[] | undefined) ?? [];
    const changedFile = values.changed as string | undefined;
    const since = values.since as string | undefined;
    const job = sites.length > 0 || sitemaps.length > 0 || changedFile !== undefined;
    if (job === positionals.length > 0) throw new UsageError(`usage: site-search ${usage}`);
    if (since !== undefined && sites.length === 0 && sitemaps.length === 0) throw new UsageError('--since reads the sitemaps of --site or --sitemap: give one');
    if (job) {
      const changed = changedFile === undefined ? [] : await changedUrls(changedFile, io);
      const client = connect(values as ConnectionFlags, io.env, { needsSecret: true, log: (line) => void io.stderr.write(`${line}\n`) });
      const include = (values.include as string[] | undefined) ?? [];
      const exclude = (values.exclude as string[] | undefined) ?? [];
      const request = {
        ...(sites.length > 0 && { start: sites }),
        ...(sitemaps.length > 0 && { sitemaps }),
        ...(include.length > 0 && { include }),
        ...(exclude.length > 0 && { exclude }),
        ...(changed.length > 0 && { changed }),
        ...(since !== undefined && { since }),
        ...(values['dry-run'] === true && { dryRun: true }),
      };
      await crawlJob(client, request, values.wait === true, io);
      return;
    }
    const progress = createProgress('scheduled', io.stderr);
    const client = connect(values as ConnectionFlags, io.env, { needsSecret: true, log: progress.log });
    const urls = positionals;
    let done = 0;
    for (const url of urls) {
      const answer = await retryRefused(() => client.crawl(url), progress.log);
      io.stdout.write(`${answer.docId}\t${url}\n`);
      progress.update(++done, done / urls.length);
    }
    progress.finish(done);
  },

  async status(args, io, log) {
    const { values, positionals } = parse(args, {}, { min: 1, max: 1, usage: 'status URL|ID' });
    const target = positionals[0]!;
    // Status ids are md5 of the full URL, protocol and query included (2.4).
    const id = /^https?:\/\//i.test(target) ? createHash('md5').update(target, 'utf8').digest('hex') : target;
    const client = connect(values as ConnectionFlags, io.env, { needsSecret: true, log });
    printJson(io, await client.getStatus(id));
  },

  async get(args, io, log) {
    const { values, positionals } = parse(args, {}, { min: 1, max: 1, usage: 'get ID' });
    printJson(io, await connect(values as ConnectionFlags, io.env, { needsSecret: true, log }).getDocument(positionals[0]!));
  },

  async delete(args, io, log) {
    const { values, positionals } = parse(args, {}, { min: 1, max: 1, usage: 'delete ID' });
    printJson(io, await connect(values as ConnectionFlags, io.env, { needsSecret: true, log }).deleteDocument(positionals[0]!));
  },

  async 'hidden-keywords'(args, io, log) {
    const { values, positionals } = parse(args, {}, { min: 2, max: 2, usage: 'hidden-keywords ID "WORDS"' });
    const client = connect(values as ConnectionFlags, io.env, { needsSecret: true, log });
    await retryRefused(() => client.setHiddenKeywords(positionals[0]!, positionals[1]!), log);
    io.stdout.write(`hidden keywords of ${positionals[0]} set\n`);
  },

  async events(args, io) {
    const { values, positionals } = parse(
      args,
      { dataset: { type: 'string' }, format: { type: 'string' }, 'batch-size': { type: 'string' } },
      { min: 1, max: 1, usage: 'events FILE --dataset NAME' },
    );
    const dataset = values.dataset as string | undefined;
    if (!dataset) throw new UsageError('events needs --dataset NAME');
    const file = positionals[0]!;
    const progress = createProgress('sent', io.stderr);
    const client = connect(values as ConnectionFlags, io.env, { needsSecret: true, log: progress.log });
    const reader = readRecords(file, formatOf(file, values.format as string | undefined));
    const events: Array<RecommendationEvent & { line: number }> = [];
    for await (const record of reader.records) {
      const event = record.value as Partial<RecommendationEvent> | undefined;
      const missing = (['transaction', 'item', 'time'] as const).find((f) => typeof event?.[f] !== 'string' || event[f] === '');
      if (record.error !== undefined || missing !== undefined) throw new InvalidEventError(record.line, record.error ?? `the event needs a string ${missing}`);
      events.push({ transaction: event!.transaction!, item: event!.item!, time: event!.time!, line: record.line });
    }
    let sent = 0;
    const batchSize = count('--batch-size', values['batch-size'] as string | undefined, 1000);
    for (const batch of batches(events, 1_000_000 - 1024, Math.max(batchSize, 1))) {
      const body = batch.map(({ transaction, item, time }) => ({ transaction, item, time }));
      await retryRefused(() => client.sendDatasetEvents(dataset, body), progress.log);
      sent += batch.length;
      progress.update(sent, sent / events.length);
    }
    progress.finish(sent);
    io.stdout.write(`sent ${sent} events to dataset ${dataset}\n`);
  },

  async search(args, io, log) {
    const { values, positionals } = parse(
      args,
      {
        limit: { type: 'string' },
        page: { type: 'string' },
        sort: { type: 'string' },
        order: { type: 'string' },
        fuzzy: { type: 'string' },
        filter: { type: 'string' },
        facet: { type: 'string', multiple: true },
        json: { type: 'boolean' },
      },
      { min: 1, max: 1, usage: 'search TERM [--limit N] [--page N] [--sort F] [--order asc|desc] [--fuzzy auto] [--filter JSON] [--facet F] [--json]' },
    );
    const params: SearchParams = { term: positionals[0]! };
    if (values.limit !== undefined) params.limit = count('--limit', values.limit as string, 10);
    if (values.page !== undefined) params.page = count('--page', values.page as string, 1);
    if (values.sort !== undefined) params.sort = values.sort as string;
    if (values.order !== undefined) {
      if (values.order !== 'asc' && values.order !== 'desc') throw new UsageError(`--order must be asc or desc (got '${String(values.order)}')`);
      params.order = values.order;
    }
    if (values.fuzzy !== undefined) {
      if (!['true', 'false', 'auto'].includes(values.fuzzy as string)) throw new UsageError(`--fuzzy must be true, false or auto`);
      params.fuzzy = values.fuzzy as FuzzyMode;
    }
    if (values.filter !== undefined) {
      try {
        params.filter = JSON.parse(values.filter as string) as SearchFilter;
      } catch {
        throw new UsageError(`--filter must be JSON, e.g. '{"custom_fields.brand":"Acme"}'`);
      }
    }
    if (values.facet !== undefined) params.facet = values.facet as string[];
    const client: IndexClient = connect(values as ConnectionFlags, io.env, { needsSecret: false, log });
    const answer = await client.search(params);
    io.stdout.write(values.json === true ? JSON.stringify(answer, null, 2) + '\n' : searchTable(answer, params.limit ?? 10));
  },

  async eval(args, io) {
    const { values, positionals } = parse(
      args,
      { format: { type: 'string' }, 'min-mrr': { type: 'string' }, 'min-success1': { type: 'string' }, 'min-success3': { type: 'string' } },
      { min: 1, max: 1, usage: 'eval FILE [--min-mrr X] [--min-success1 X] [--min-success3 X]' },
    );
    const thresholds: Thresholds = {};
    const least = (flag: 'min-mrr' | 'min-success1' | 'min-success3', key: keyof Thresholds) => {
      const text = values[flag];
      if (text !== undefined) thresholds[key] = shareOf(`--${flag}`, text);
    };
    least('min-mrr', 'mrr10');
    least('min-success1', 'success1');
    least('min-success3', 'success3');
    const file = positionals[0]!;
    const progress = createProgress('searched', io.stderr);
    const client = connect(values as ConnectionFlags, io.env, { needsSecret: false, log: progress.log });
    const judged = await readJudgedQueries(file, formatOf(file, values.format as string | undefined));
    const evaluation = await evaluate(judged, client, progress);
    io.stdout.write(`${scoresTable(evaluation.scores, thresholds)}\n${missesText(evaluation.outcomes)}`);
    const under = unmet(evaluation, thresholds);
    if (under.length > 0) throw new Error(under.join('; '));
  },

  settings: settingsCommand,
  indices: indicesCommand,

  async rules(args, io, log) {
    const [action, ...rest] = args;
    const usage = 'rules list | rules put ID FILE|- | rules delete ID';
    const shapes: Record<string, { min: number; max: number }> = { list: { min: 0, max: 0 }, put: { min: 2, max: 2 }, delete: { min: 1, max: 1 } };
    const shape = action === undefined ? undefined : shapes[action];
    if (shape === undefined) throw new UsageError(`usage: site-search ${usage}`);
    const { values, positionals } = parse(rest, {}, { ...shape, usage });
    const client = connect(values as ConnectionFlags, io.env, { needsSecret: true, log });
    if (action === 'list') return printJson(io, { rules: await client.rules.all() });
    if (action === 'delete') return printJson(io, await client.rules.delete(positionals[0]!));
    const source = positionals[1]!;
    const text = source === '-' ? await readAll(io.stdin) : await readFile(source, 'utf8');
    let rule: QueryRuleInput;
    try {
      rule = JSON.parse(text) as QueryRuleInput;
    } catch {
      throw new UsageError(`${source === '-' ? 'standard input' : source} is not JSON: a rule is a JSON object {conditions, consequence, ...}`);
    }
    printJson(io, await client.rules.put(positionals[0]!, rule));
  },
};

/** A share from 0 to 1, for a threshold flag. */
function shareOf(flag: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1) throw new UsageError(`${flag} must be a number from 0 to 1 (got '${text}')`);
  return value;
}

/** The URLs of a `--changed` file: one a line, blank lines and `#` comments skipped. */
async function changedUrls(source: string, io: Io): Promise<string[]> {
  const text = source === '-' ? await readAll(io.stdin, 'the changed URLs') : await readFile(source, 'utf8');
  const urls = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (urls.length === 0) throw new UsageError(`${source === '-' ? 'standard input' : source} lists no URL: --changed reads one URL a line`);
  return urls;
}

async function readAll(input: Io['stdin'], what = 'the rule'): Promise<string> {
  if (input === undefined) throw new UsageError(`no standard input to read ${what} from`);
  let text = '';
  for await (const chunk of input) text += chunk.toString();
  return text;
}

/** A bad line in an events file: the whole file is checked before anything is sent. */
class InvalidEventError extends InvalidDocumentError {}

function printJson(io: Io, value: unknown): void {
  io.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

function apiMessage(error: SearchApiError): string {
  if (error.code === 'invalid_parameter' && error.status === 0) return error.message;
  const where = error.status === 0 ? error.code : `${error.status} ${error.code}`;
  return `${where}: ${error.message}`;
}

function isParseArgsError(error: unknown): boolean {
  return typeof (error as { code?: unknown })?.code === 'string' && (error as { code: string }).code.startsWith('ERR_PARSE_ARGS');
}
