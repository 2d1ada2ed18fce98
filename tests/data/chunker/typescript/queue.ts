import { EventEmitter } from "events";
import type { Logger } from "./logger";
export { backoff } from "./retry";

/** Priority of a job; higher runs first. */
export enum Priority {
  Low = 0,
  Normal = 5,
  High = 10,
}

export type JobId = string;
type Handler<T> = (payload: T) => Promise<void>;

/**
 * A unit of work.
 */
export interface Job<T = unknown> extends Identified, Serializable<T> {
  readonly id: JobId;
  priority: Priority;
  /** Runs the job. */
  run(payload: T): Promise<void>;
  cancel?(): void;
}

export declare function schedule(job: Job, at: Date): void;

export abstract class Worker<T> extends EventEmitter implements Disposable {
  protected abstract handle(job: Job<T>): Promise<void>;

  constructor(private readonly logger: Logger) {
    super();
  }

  @trace()
  async process(job: Job<T>): Promise<void> {
    this.logger.info(`processing ${job.id}`);
    await this.handle(job);
  }

  dispose(): void {
    this.removeAllListeners();
  }
}

export class Queue<T> extends Worker<T> {
  private readonly jobs: Job<T>[] = [];
  private handlers = new Map<JobId, Handler<T>>();

  push(job: Job<T>): void {
    this.jobs.push(job);
    this.jobs.sort((a, b) => b.priority - a.priority);
  }

  protected async handle(job: Job<T>): Promise<void> {
    const handler = this.handlers.get(job.id) ?? defaultHandler<T>();
    await handler(job as unknown as T);
  }

  static create<U>(logger: Logger): Queue<U> {
    return new Queue<U>(logger);
  }
}

export const defaultHandler = <T,>(): Handler<T> => async () => {};

export namespace Retry {
  export interface Policy {
    attempts: number;
  }

  export function delayFor(policy: Policy, attempt: number): number {
    return Math.min(1000 * 2 ** attempt, policy.attempts * 1000);
  }
}

declare module "events" {
  interface EventEmitter {
    onceAsync(event: string): Promise<unknown>;
  }
}
