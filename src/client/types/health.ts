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
  }>;
  /** What is wrong, in words; only when the status is not `ok`. */
  problems?: string[];
}
