import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { documentTypeOf, type DocumentType } from './documentTypes.ts';
import { decodeHtml } from './decodeHtml.ts';
import type { FetchedHeaders } from './fetchPage.ts';
import type { PageReading } from './readPage.ts';

/** A page that could not be read: `reason` is for the document status, the rest for the log. */
export class PageReadError extends Error {
  constructor(
    readonly reason: string,
    detail: string,
  ) {
    super(detail);
  }
}

export interface PageReaderLimits {
  /** Threads reading at a time; a page waits for a free one. */
  threads: number;
  /** Longest a page may take to read; the thread reading it is ended. */
  timeoutMs: number;
  /** Heap of each thread, in MB: a page that needs more fails alone. */
  maxHeapMb: number;
}

/** A page handed to a reading thread (readPageWorker.mjs). */
interface ReadTask {
  /** An HTML page's text, or a document's bytes and type. */
  input: { html: string } | { document: Uint8Array<ArrayBuffer>; type: Exclude<DocumentType, 'html'> };
  url: string;
  /** The thread says here when it starts reading: its deadline counts from then. */
  started: MessagePort;
}

/** What a thread answers: a reading error is answered, not thrown, so its `reason` crosses. */
type ReadReply = { page: PageReading } | { error: string; reason?: string };

const WORKER_URL = new URL('./readPageWorker.mjs', import.meta.url);

const closedError = () => new PageReadError('the service stopped before the page was read', 'closed');

/**
 * Reads crawled pages (readPage.ts) on worker threads, so that parsing a page of
 * megabytes, which takes seconds of CPU, does not stall every request the service is
 * answering. The threads are a pool (Piscina) of at most `threads`, made at the first
 * page, so a service that never crawls has none; a thread is reused for the next page, a
 * page waits for a free one. A thread that runs past `timeoutMs` (aborted: the pool ends
 * it) or out of heap is ended and replaced, so no page can hold the crawler for long.
 */
export class PageReader {
  private pool: Piscina<ReadTask, ReadReply> | null = null;
  private closed = false;

  constructor(private readonly limits: PageReaderLimits) {}

  /** The reading of `html`; rejects with a PageReadError. */
  read(html: string, url: URL): Promise<PageReading> {
    return this.run({ html }, url);
  }

  /**
   * Reads fetched bytes, HTML or a document (by `contentType`) on a reading thread; rejects
   * with a PageReadError. The answer's headers fill what the page does not say: its language
   * (Content-Language) and its date of change (Last-Modified).
   */
  async readFetched(body: Buffer, contentType: string, url: URL, headers?: FetchedHeaders): Promise<PageReading> {
    const type = documentTypeOf(contentType, url);
    if (type === null) throw new PageReadError('the page is not HTML or a document this service reads', `content type ${contentType}`);
    if (type === 'html') {
      const charset = headers?.charset ?? /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1] ?? null;
      return withHeaders(await this.read(decodeHtml(body, charset), url), headers);
    }
    // A copy of its own, handed over to the thread: the body may share a pool with other buffers.
    return withHeaders(await this.run({ document: new Uint8Array(body), type }, url), headers);
  }

  /** Ends every thread; pages waiting or under way are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.destroy();
  }

  private async run(input: ReadTask['input'], url: URL): Promise<PageReading> {
    if (this.closed) throw closedError();
    const { timeoutMs, maxHeapMb, threads } = this.limits;
    this.pool ??= new Piscina({
      filename: WORKER_URL.href,
      // One stays, so pages queued when every thread was lost still find one.
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: Infinity,
      concurrentTasksPerWorker: 1,
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
    const { port1: started, port2 } = new MessageChannel();
    const deadline = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    // Loading the thread's code (for a document, its reader's library too) is not the page's fault.
    started.once('message', () => {
      timer = setTimeout(() => {
        timedOut = true;
        deadline.abort();
      }, timeoutMs);
    });
    const task: ReadTask = { input, url: url.href, started: port2 };
    const transferList = 'document' in input ? [port2, input.document.buffer] : [port2];
    try {
      const reply = await this.pool.run(task, { transferList, signal: deadline.signal });
      if ('page' in reply) return reply.page;
      throw new PageReadError(reply.reason ?? 'the page could not be read', reply.error);
    } catch (error) {
      if (error instanceof PageReadError) throw error;
      if (timedOut) throw new PageReadError('the page took too long to read', `over ${timeoutMs} ms`);
      if (this.closed) throw closedError();
      const outOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
      throw new PageReadError(outOfMemory ? 'the page is too large to read' : 'the page could not be read', (error as Error).message);
    } finally {
      clearTimeout(timer);
      started.close();
    }
  }
}

/** A reading with what the answer's headers say and the page does not. */
function withHeaders(page: PageReading, headers: FetchedHeaders | undefined): PageReading {
  if (headers === undefined) return page;
  const language = page.language ?? headers.contentLanguage?.split(',')[0]?.trim() ?? null;
  const lastModified = headers.lastModified === null ? NaN : Date.parse(headers.lastModified);
  const modified = page.modified ?? (Number.isNaN(lastModified) ? null : new Date(lastModified).toISOString());
  return { ...page, language: language || null, modified };
}
