import { clientAddress } from '../events/clientAddress.ts';
import { ApiError } from '../schemas/apiError.ts';

/** Failed sign-ins one address may make in a window before it must wait. */
export const SIGN_IN_FAILURES = { max: 10, windowMs: 15 * 60_000 } as const;

/**
 * Failed sign-ins per client address (clientAddress: an IPv6 client by its /64), in
 * fixed windows aligned to the epoch, in memory like the other rate limits. Only failures
 * count: an owner who signs in right is never held back.
 */
export class SignInLimit {
  private windowStart = 0;
  private failures = new Map<string, number>();

  constructor(
    private readonly clock: () => number,
    private readonly limit: { max: number; windowMs: number } = SIGN_IN_FAILURES,
  ) {}

  /** Throws a 429 while the address is over its failures. */
  check(ip: string): void {
    const used = this.current().get(clientAddress(ip)) ?? 0;
    if (used < this.limit.max) return;
    const now = this.clock();
    const retryAfter = Math.max(1, Math.ceil((this.windowStart + this.limit.windowMs - now) / 1000));
    throw new ApiError(429, 'rate_limited', `more than ${this.limit.max} failed sign-ins from this address; retry after ${retryAfter} s`, {
      headers: { 'retry-after': String(retryAfter) },
    });
  }

  failed(ip: string): void {
    const counts = this.current();
    const address = clientAddress(ip);
    counts.set(address, (counts.get(address) ?? 0) + 1);
  }

  private current(): Map<string, number> {
    const now = this.clock();
    const start = now - (now % this.limit.windowMs);
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.failures = new Map();
    }
    return this.failures;
  }
}
