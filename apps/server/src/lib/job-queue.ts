import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import type { Logger } from './logger.js';

/** A job handler: resolves when the job is done; a throw fails it (pg-boss retries it later). */
export type JobHandler<T> = (data: T) => Promise<void>;

export interface JobQueue {
  /** Queues a job (durably: a row in the database, claimed by whichever node polls first). */
  send<T extends object>(
    queue: string,
    data: T,
    options?: { retryLimit?: number; expireInSeconds?: number },
  ): Promise<string | null>;
  /**
   * Queues a job on `queue` at every `cron` tick (5 fields, in `tz`, UTC by default). Any node may
   * schedule the same queue: pg-boss keeps one schedule per queue and sends one job per tick,
   * whichever nodes are up. A node must still `work` the queue for the job to run.
   */
  schedule(queue: string, cron: string, options?: { tz?: string; expireInSeconds?: number }): Promise<void>;
  /**
   * Handles jobs of `queue` on this node: one at a time, or with `batchSize` up to that many taken at
   * each poll and handled together (a worker polls about once a second, so one job per poll caps a
   * queue at a job a second per node). In a batch, one job that throws fails the batch: every job of
   * it is retried, so a handler of batched jobs must make a second run of a finished job do nothing.
   */
  work<T extends object>(
    queue: string,
    handler: JobHandler<T>,
    options?: { batchSize?: number },
  ): Promise<void>;
  /** True once `stop` began: long handlers stop between steps and leave the rest for another run. */
  stopping(): boolean;
  stop(): Promise<void>;
}

/**
 * pg-boss's `executeSql` over the app's own database. PGlite has one connection, so a statement that
 * fails inside one of pg-boss's `BEGIN; … COMMIT;` scripts would leave that connection (the whole
 * app's) in an aborted transaction: scripts without parameters therefore run inside PGlite's own
 * transaction, which rolls back on failure. On PostgreSQL a pooled client is rolled back the same way.
 */
function executorFor(database: Database): PgBoss.Db {
  const pglite = database.pglite;
  if (pglite) {
    return {
      async executeSql(text: string, values: unknown[]) {
        if (values && values.length > 0) return pglite.query(text, values);
        const results = await pglite.transaction((tx) => tx.exec(text));
        return results[results.length - 1] ?? { rows: [] };
      },
    };
  }
  const pool = database.pool;
  if (!pool) throw new Error('job queue: the database has neither a pool nor a PGlite instance');
  return {
    async executeSql(text: string, values: unknown[]) {
      const client = await pool.connect();
      try {
        const result = await client.query(text, values);
        return Array.isArray(result) ? (result[result.length - 1] ?? { rows: [] }) : result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

export interface JobQueueOptions {
  /** How often an idle worker asks for a job (seconds; pg-boss's floor is 0.5). */
  pollingIntervalSeconds?: number;
  /** A job taken by a node that died is handed out again after this long. */
  expireInSeconds?: number;
}

/**
 * The app's durable job queue: pg-boss 10 (its tables in the `pgboss` schema of the app's database,
 * created on start under an advisory lock) over PGlite or PostgreSQL alike. Any node may run a job;
 * a job whose node stopped or died is retried.
 */
export async function startJobQueue(
  database: Database,
  logger: Logger,
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: executorFor(database),
    // The timekeeper (cron schedules, `schedule`): every node checks the schedules and pg-boss sends
    // each tick once; the jobs reach their queue through pg-boss's own send-it queue, polled every 15 s.
    schedule: true,
    cronWorkerIntervalSeconds: 15,
    supervise: true,
    migrate: true,
    maintenanceIntervalSeconds: 60,
  });
  boss.on('error', (error: Error) => logger.warn({ err: error }, 'job queue: error'));
  await boss.start();
  let stopping = false;
  const queues = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    await boss.createQueue(name);
    queues.add(name);
  };
  return {
    async send(queue, data, sendOptions = {}) {
      await ensureQueue(queue);
      return boss.send(queue, data, {
        retryLimit: sendOptions.retryLimit ?? 20,
        retryDelay: 2,
        retryBackoff: true,
        expireInSeconds: sendOptions.expireInSeconds ?? options.expireInSeconds ?? 300,
      });
    },
    async schedule(queue, cron, scheduleOptions = {}) {
      await ensureQueue(queue);
      await boss.schedule(
        queue,
        cron,
        {},
        {
          tz: scheduleOptions.tz ?? 'UTC',
          retryLimit: 5,
          retryDelay: 60,
          retryBackoff: true,
          expireInSeconds: scheduleOptions.expireInSeconds ?? options.expireInSeconds ?? 300,
        },
      );
    },
    async work(queue, handler, workOptions = {}) {
      await ensureQueue(queue);
      await boss.work<object>(
        queue,
        {
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
          batchSize: workOptions.batchSize ?? 1,
        },
        async (jobs) => {
          if (jobs.length === 1) return handler(jobs[0]!.data as never);
          const outcomes = await Promise.allSettled(jobs.map((job) => handler(job.data as never)));
          const failed = outcomes.find((outcome) => outcome.status === 'rejected');
          if (failed) throw failed.reason;
        },
      );
    },
    stopping: () => stopping,
    async stop() {
      stopping = true;
      await boss
        .stop({ graceful: true, wait: true, timeout: 10_000 })
        .catch((error: unknown) => logger.warn({ err: error }, 'job queue: stop failed'));
    },
  };
}
