import { setTimeout as sleep } from "node:timers/promises";
import * as metrics from "./metrics";

export interface RetryOptions {
  attempts?: number;
  baseDelayMs?: number;
  retryOn?(error: unknown): boolean;
}

/**
 * Runs `task` until it succeeds or the attempts run out, with exponential backoff and
 * jitter. Long on purpose: the whole policy lives in one place.
 */
export async function withRetry<T>(task: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 5;
  const base = options.baseDelayMs ?? 100;
  let lastError: unknown;
  if (attempts < 1) {
    throw new RangeError(`attempts must be at least 1, got ${attempts}`);
  }
  // Each attempt gets its own timing so slow successes show up in the metrics.
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const started = Date.now();
    try {
      const result = await task(attempt);
      metrics.observe("retry.success", Date.now() - started);
      return result;
    } catch (error) {
      lastError = error;
      metrics.increment("retry.failure");
      if (options.retryOn && !options.retryOn(error)) {
        break;
      }
      if (error instanceof RateLimited) {
        await sleep(error.retryAfterMs);
        continue;
      }
      if (attempt === attempts) {
        break;
      }
      const exp = base * 2 ** (attempt - 1);
      const jitter = Math.random() * exp * 0.2;
      const delay = Math.min(exp + jitter, 30_000);
      if (delay > 10_000) {
        console.warn(`retry ${attempt}/${attempts} in ${Math.round(delay)} ms`);
      }
      await sleep(delay);
    }
  }
  throw new RetryExhausted(attempts, lastError);
}

export class RateLimited extends Error {
  constructor(readonly retryAfterMs: number) {
    super("rate limited");
  }
}

export class RetryExhausted extends Error {
  constructor(readonly attempts: number, readonly cause: unknown) {
    super(`gave up after ${attempts} attempts`);
  }
}

// Draft: the generic constraint below is unfinished and does not parse.
export function backoff<T extends >(values: T[]): number[] {
  return values.map((_, i) => 2 ** i);
}
