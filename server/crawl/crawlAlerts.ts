/**
 * Alerts of crawls: when a crawl ends `failed` or `held`, or finds more URLs failing that
 * did not fail in the previous crawl than the index's `crawlAlerts.newFailures`, a line at
 * `warn` says so, and the crawl's report is POSTed to `crawlAlerts.webhook` when set.
 *
 * The webhook is reached as the crawler reaches pages: its URL is judged by the crawl
 * allow-lists, and its connection goes through the same guard (guardedDispatcher.ts), so
 * an index's owner cannot make the service POST into its own network unless the operator
 * allowed that host. Each POST has a timeout and a few attempts, then is given up on,
 * with a line in the log; nothing is queued across restarts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Dispatcher } from 'undici';
import type { CrawlAlert, CrawlJob } from '../../src/client/types.ts';
import { configuredSettings, overlaySettings, parseStoredSettings, SETTINGS_ID, SETTINGS_KIND } from '../config/rankingSettings.ts';
import { DEFAULT_CRAWL_ALERTS } from '../schemas/crawlAlerts.ts';
import { crawlRefusal, type CrawlAccess } from './crawlAllowList.ts';
import { crawlReport } from './crawlReport.ts';
import type { ResolveAll } from './guardedDispatcher.ts';
import type { ScheduledIndex } from './crawlSchedules.ts';

export interface CrawlAlertSettings {
  /** What the crawler may reach: the webhook is held to it. */
  access: CrawlAccess;
  /** Name resolution for connections; tests give their own. @default dns.lookup */
  resolve?: ResolveAll;
  /** How long one POST may take, answer included. */
  timeoutMs: number;
  /** POSTs at most, when the receiver fails (5xx, 429, no answer); a refusal or another 4xx is not asked again. */
  attempts: number;
  /** The wait before the second attempt, doubled for each after it. */
  retryMs: number;
  /** The owner's contact URL the crawler's User-Agent names, sent in the alerts' too. */
  contactUrl: string | null;
}

export const DEFAULT_ALERT_ATTEMPTS = 3;
export const DEFAULT_ALERT_RETRY_MS = 1000;

type Sent = { ok: true } | { ok: false; reason: string; again: boolean };

export class CrawlAlerts {
  private dispatcher: Promise<Dispatcher> | null = null;
  private readonly sending = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly settings: CrawlAlertSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * A crawl of `index` ended in this process (only the process that ended it calls): tells
   * of it when it went wrong. Never throws; the POST runs on without the caller.
   */
  async crawlEnded(index: ScheduledIndex, id: string): Promise<void> {
    try {
      const record = await index.engine.crawls.get(id);
      if (record === null) return;
      const stored = parseStoredSettings(await index.engine.steering.get(SETTINGS_KIND, SETTINGS_ID));
      const alerts = { ...DEFAULT_CRAWL_ALERTS, ...overlaySettings(configuredSettings(index), stored).crawlAlerts };
      const report = await crawlReport(index.engine.crawls, record);
      const reasons = alertReasons(report, alerts.newFailures);
      if (reasons.length === 0) return;
      const message = alertMessage(index.publicKey, report, reasons);
      this.log.warn({ index: index.publicKey, crawl: id, alerts: reasons, webhook: alerts.webhook !== null }, message);
      if (alerts.webhook === null) return;
      const body: CrawlAlert = { index: index.publicKey, alerts: reasons, message, crawl: report };
      const post = this.deliver(alerts.webhook, JSON.stringify(body), { index: index.publicKey, crawl: id }).finally(() => this.sending.delete(post));
      this.sending.add(post);
    } catch (error) {
      this.log.warn({ err: error, index: index.publicKey, crawl: id }, 'crawl alert not made');
    }
  }

  /** Waits for the POSTs under way (tests). */
  async idle(): Promise<void> {
    while (this.sending.size > 0) await Promise.allSettled([...this.sending]);
  }

  /** Gives up the POSTs under way (their waits end at once) and closes the connections. */
  async close(): Promise<void> {
    this.stopping.abort();
    await this.idle();
    const dispatcher = this.dispatcher;
    if (dispatcher !== null) await dispatcher.then((d) => d.close()).catch(() => {});
  }

  private async deliver(webhook: string, body: string, about: { index: string; crawl: string }): Promise<void> {
    const { attempts, retryMs } = this.settings;
    for (let attempt = 1; ; attempt++) {
      const sent = await this.post(webhook, body);
      if (sent.ok) {
        this.log.info({ ...about, attempt }, 'crawl alert delivered');
        return;
      }
      if (!sent.again || attempt >= attempts || this.stopping.signal.aborted) {
        this.log.warn({ ...about, attempts: attempt }, `crawl alert not delivered to its webhook: ${sent.reason}`);
        return;
      }
      await sleep(retryMs * 2 ** (attempt - 1), undefined, { signal: this.stopping.signal }).catch(() => {});
    }
  }

  private async post(webhook: string, body: string): Promise<Sent> {
    let url: URL;
    try {
      url = new URL(webhook);
    } catch {
      return { ok: false, reason: 'the webhook is not a URL', again: false };
    }
    const refusal = crawlRefusal(url, this.settings.access);
    if (refusal !== null) return { ok: false, reason: refusal, again: false };
    const [{ request }, { crawlUserAgent }] = await Promise.all([import('undici'), import('./crawlJobWiring.ts')]);
    const signal = AbortSignal.any([this.stopping.signal, AbortSignal.timeout(this.settings.timeoutMs)]);
    try {
      // undici's request follows no redirect: a 3xx is an answer, not a way around the guard.
      const response = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': crawlUserAgent(this.settings.contactUrl) },
        body,
        dispatcher: await this.guarded(),
        signal,
      });
      await response.body.dump();
      const status = response.statusCode;
      if (status >= 200 && status < 300) return { ok: true };
      return { ok: false, reason: `it answered ${status}`, again: status >= 500 || status === 429 };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'ERR_CRAWL_ADDRESS_NOT_PUBLIC') return { ok: false, reason: 'the address is not public', again: false };
      if (signal.aborted) return { ok: false, reason: `no answer within ${this.settings.timeoutMs} ms`, again: true };
      return { ok: false, reason: error instanceof Error ? error.message : String(error), again: true };
    }
  }

  /** The crawler's guard, loaded at the first alert (undici is not wanted before). */
  private guarded(): Promise<Dispatcher> {
    this.dispatcher ??= import('./guardedDispatcher.ts').then((guard) => guard.guardedDispatcher(this.settings.access, this.settings.resolve));
    return this.dispatcher;
  }
}

/** Why a crawl is told of: it failed, it holds removals, or it found more new failures than `newFailures`. */
export function alertReasons(report: CrawlJob, newFailures: number): CrawlAlert['alerts'] {
  const reasons: CrawlAlert['alerts'] = [];
  if (report.state === 'failed') reasons.push('failed');
  if (report.state === 'held') reasons.push('held');
  if (report.change.newFailures > newFailures) reasons.push('newFailures');
  return reasons;
}

function alertMessage(index: string, report: CrawlJob, reasons: CrawlAlert['alerts']): string {
  const said = reasons.map((reason) => {
    if (reason === 'failed') return `failed (${report.error ?? 'no reason given'})`;
    if (reason === 'held') return `holds ${report.removals.held} removals for approval`;
    return `found ${report.change.newFailures} URLs failing that did not fail in the previous crawl`;
  });
  return `crawl ${report.id} of index '${index}' ${said.join(', and ')}`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The crawl alerts (crawl/crawlAlerts.ts): read by tests. */
    crawlAlerts: CrawlAlerts;
  }
}
