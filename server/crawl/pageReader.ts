import { Worker } from 'node:worker_threads';
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

interface Reader {
  worker: Worker;
  ready: Promise<void>;
}

interface Waiting {
  /** An HTML page's text, or a document's bytes and type. */
  input: { html: string } | { document: Uint8Array<ArrayBuffer>; type: Exclude<DocumentType, 'html'> };
  url: URL;
  resolve: (page: PageReading) => void;
  reject: (error: Error) => void;
}

const WORKER_URL = new URL('./readPageWorker.mjs', import.meta.url);

/**
 * Reads crawled pages (readPage.ts) on worker threads, so that parsing a page of
 * megabytes, which takes seconds of CPU, does not stall every request the service is
 * answering. A thread is reused for the next page; one that runs past `timeoutMs` or
 * out of heap is ended and replaced, so no page can hold the crawler for long.
 */
export class PageReader {
  private readonly idle: Reader[] = [];
  private readonly busy = new Set<Reader>();
  private readonly waiting: Waiting[] = [];
  private nextId = 0;
  private closed = false;

  constructor(private readonly limits: PageReaderLimits) {}

  /** The reading of `html`; rejects with a PageReadError. */
  read(html: string, url: URL): Promise<PageReading> {
    if (this.closed) return Promise.reject(new PageReadError('the service stopped before the page was read', 'closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ input: { html }, url, resolve, reject });
      this.pump();
    });
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
    if (this.closed) throw new PageReadError('the service stopped before the page was read', 'closed');
    // A copy of its own, handed over to the thread: the body may share a pool with other buffers.
    const document = new Uint8Array(body);
    const page = await new Promise<PageReading>((resolve, reject) => {
      this.waiting.push({ input: { document, type }, url, resolve, reject });
      this.pump();
    });
    return withHeaders(page, headers);
  }

  /** Ends every thread; pages waiting or under way are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new PageReadError('the service stopped before the page was read', 'closed'));
    await Promise.allSettled([...this.idle.splice(0), ...this.busy].map((reader) => reader.worker.terminate()));
    this.busy.clear();
  }

  private pump(): void {
    while (this.waiting.length > 0 && (this.idle.length > 0 || this.busy.size < this.limits.threads)) {
      const reader = this.idle.pop() ?? this.start();
      this.busy.add(reader);
      void this.run(reader, this.waiting.shift()!);
    }
  }

  private start(): Reader {
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: this.limits.maxHeapMb } });
    // An idle thread must not keep the process alive.
    worker.unref();
    const ready = new Promise<void>((resolve) => {
      const onReady = (message: { ready?: boolean }): void => {
        if (message.ready !== true) return;
        worker.off('message', onReady);
        resolve();
      };
      worker.on('message', onReady);
    });
    return { worker, ready };
  }

  private async run(reader: Reader, job: Waiting): Promise<void> {
    const id = this.nextId++;
    const { worker } = reader;
    let timer: NodeJS.Timeout | undefined;
    const outcome = await new Promise<{ page: PageReading } | { error: PageReadError }>((settle) => {
      const onMessage = (message: { id?: number; page?: PageReading; error?: string; reason?: string; started?: boolean }): void => {
        if (message.id !== id || message.started === true) return;
        done(
          message.page !== undefined
            ? { page: message.page }
            : { error: new PageReadError(message.reason ?? 'the page could not be read', message.error ?? 'unknown') },
        );
      };
      const onError = (error: Error): void => {
        const outOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
        done({ error: new PageReadError(outOfMemory ? 'the page is too large to read' : 'the page could not be read', error.message) });
      };
      const onExit = (): void => done({ error: new PageReadError('the page could not be read', 'the reading thread stopped') });
      let finished = false;
      let onStarted: ((message: { id?: number; started?: boolean }) => void) | null = null;
      const done = (result: { page: PageReading } | { error: PageReadError }): void => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (onStarted !== null) worker.off('message', onStarted);
        settle(result);
      };
      worker.ref();
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      // The deadline counts from when the thread has loaded its code (for a document, its
      // reader's library too): starting one is not the page's fault.
      const startDeadline = (): void => {
        if (!finished)
          timer = setTimeout(
            () => done({ error: new PageReadError('the page took too long to read', `over ${this.limits.timeoutMs} ms`) }),
            this.limits.timeoutMs,
          );
      };
      if ('html' in job.input) void reader.ready.then(startDeadline);
      else {
        onStarted = (message) => {
          if (message.id !== id || message.started !== true) return;
          startDeadline();
        };
        worker.on('message', onStarted);
      }
      const { input } = job;
      if ('html' in input) worker.postMessage({ id, html: input.html, url: job.url.href });
      else worker.postMessage({ id, document: input.document, type: input.type, url: job.url.href }, [input.document.buffer]);
    });
    this.busy.delete(reader);
    if ('page' in outcome) {
      worker.unref();
      if (!this.closed) this.idle.push(reader);
      job.resolve(outcome.page);
    } else {
      // A thread that failed, timed out or ran out of heap is not trusted with another page.
      void worker.terminate();
      job.reject(outcome.error);
    }
    if (!this.closed) this.pump();
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
