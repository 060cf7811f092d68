// The reference service's health check.

/** Answer of the reference service's `GET /health`: not part of the API. */
export interface HealthResponse {
  /**
   * `ok`; `degraded`: searches are answered but something fails (events cannot be saved);
   * `unavailable` (HTTP 503): a database does not answer.
   */
  status: 'ok' | 'degraded' | 'unavailable';
  indices: Array<{
    publicKey: string;
    /** null when the database does not answer. */
    documents: number | null;
    /** Events waiting to be saved, and those given up on since the start. */
    events: { queued: number; dropped: number };
    /** The last crawl job that ended: how (`done`, `held`, `failed`, `cancelled`) and when (ISO 8601); null when none has. */
    lastCrawl: { id: string; state: string; endedAt: string | null } | null;
  }>;
  /** What is wrong, in words; only when the status is not `ok`. */
  problems?: string[];
}
