/**
 * What the load and fault benchmarks share: readers, clubs and memberships seeded straight into the
 * cluster's database (one argon2 hash for every reader, so seeding takes a moment, not minutes), a
 * sample of book ids, latency recording with percentiles, and chat sockets through the balancer.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@nebab/shared';
import { SOCKET_PATH, SOCKET_TRANSPORTS } from '@nebab/shared';
import { readFile } from 'node:fs/promises';
import { and, desc, eq, ne } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { books, clubMemberships, clubs, users } from '../../apps/server/src/db/schema/index.js';
import { hashPassword } from '../../apps/server/src/lib/passwords.js';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export interface SeededReader {
  userId: string;
  email: string;
  clubId: string;
}

/** The password of every seeded reader. */
export const READER_PASSWORD = 'Bench-reader-pass-1';

/** Inserts `count` readers spread over `clubCount` public clubs (each reader a member of one). */
export async function seedReaders(
  databaseUrl: string,
  { count, clubCount, prefix }: { count: number; clubCount: number; prefix: string },
): Promise<{ readers: SeededReader[]; clubIds: string[] }> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    const passwordHash = await hashPassword(READER_PASSWORD);
    const clubRows = await database.db
      .insert(clubs)
      .values(
        Array.from({ length: clubCount }, (_, i) => ({
          name: `${prefix} club ${i + 1}`,
          visibility: 'public',
        })),
      )
      .returning({ id: clubs.id });
    const clubIds = clubRows.map((row) => row.id);
    const readers: SeededReader[] = [];
    for (let start = 0; start < count; start += 500) {
      const size = Math.min(500, count - start);
      const rows = await database.db
        .insert(users)
        .values(
          Array.from({ length: size }, (_, k) => ({
            name: `${prefix} reader ${start + k + 1}`,
            email: `${prefix.toLowerCase()}-${start + k + 1}@example.org`,
            passwordHash,
          })),
        )
        .returning({ id: users.id, email: users.email });
      const batch = rows.map((row, k) => ({
        userId: row.id,
        email: row.email,
        clubId: clubIds[(start + k) % clubCount]!,
      }));
      await database.db
        .insert(clubMemberships)
        .values(batch.map((reader) => ({ clubId: reader.clubId, userId: reader.userId, state: 'member' })));
      readers.push(...batch);
    }
    return { readers, clubIds };
  } finally {
    await database.close();
  }
}

/** Ids of active books: the most rated first (readers visit those most), then Ethiopian ones. */
export async function sampleBookIds(
  databaseUrl: string,
): Promise<{ popular: string[]; ethiopian: string[] }> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  try {
    const popular = await database.db
      .select({ id: books.id })
      .from(books)
      .where(and(eq(books.status, 'active'), eq(books.source, 'goodbooks')))
      .orderBy(desc(books.ratingsCount))
      .limit(3000);
    const ethiopian = await database.db
      .select({ id: books.id })
      .from(books)
      .where(and(eq(books.status, 'active'), ne(books.source, 'goodbooks')))
      .orderBy(books.id)
      .limit(1000);
    return { popular: popular.map((row) => row.id), ethiopian: ethiopian.map((row) => row.id) };
  } finally {
    await database.close();
  }
}

/** Latencies and failures per kind of request. */
export class Recorder {
  readonly latencies = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  readonly samples: string[] = [];

  ok(kind: string, ms: number): void {
    let list = this.latencies.get(kind);
    if (!list) this.latencies.set(kind, (list = []));
    list.push(ms);
  }

  fail(kind: string, detail: string): void {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
    if (this.samples.length < 20) this.samples.push(`${kind}: ${detail}`);
  }

  totalErrors(): number {
    let total = 0;
    for (const count of this.errors.values()) total += count;
    return total;
  }

  totalOk(kinds?: (kind: string) => boolean): number {
    let total = 0;
    for (const [kind, list] of this.latencies) if (!kinds || kinds(kind)) total += list.length;
    return total;
  }

  /** One line per kind: count, p50, p99, max, errors; sorted by kind order given. */
  table(order: readonly string[]): string[] {
    const kinds = [...new Set([...order, ...this.latencies.keys(), ...this.errors.keys()])].filter(
      (kind) => this.latencies.has(kind) || this.errors.has(kind),
    );
    const lines = [
      `${'kind'.padEnd(16)}${'count'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}${'errors'.padStart(8)}`,
    ];
    for (const kind of kinds) {
      const sorted = [...(this.latencies.get(kind) ?? [])].sort((a, b) => a - b);
      lines.push(
        `${kind.padEnd(16)}${String(sorted.length).padStart(8)}${percentile(sorted, 50).toFixed(1).padStart(9)}${percentile(sorted, 99).toFixed(1).padStart(9)}${(sorted.at(-1) ?? Number.NaN).toFixed(1).padStart(9)}${String(this.errors.get(kind) ?? 0).padStart(8)}`,
      );
    }
    return lines;
  }

  /** p99 of a kind (NaN when none). */
  p99(kind: string): number {
    return percentile(
      [...(this.latencies.get(kind) ?? [])].sort((a, b) => a - b),
      99,
    );
  }
}

/** A Socket.IO client as the web app opens it: WebSocket only, the token in the handshake. */
export function chatSocket(url: string, token: string, options: { reconnection?: boolean } = {}): ChatSocket {
  return connect(url, {
    path: SOCKET_PATH,
    transports: SOCKET_TRANSPORTS,
    auth: { token },
    forceNew: true,
    reconnection: options.reconnection ?? false,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
    randomizationFactor: 0.2,
  });
}

/** Resolves on the socket's next `connect`, rejects on `connect_error` or after `timeoutMs`. */
export function connected(socket: ChatSocket, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    const timer = setTimeout(() => reject(new Error('socket did not connect in time')), timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** CPU seconds (user + system) of a process and its direct children (living and reaped), from /proc; null if gone. */
export async function treeCpuSeconds(pid: number): Promise<number | null> {
  const { readdir } = await import('node:fs/promises');
  const read = async (id: string) => {
    try {
      const stat = await readFile(`/proc/${id}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime + stime, and cutime + cstime: the children it has reaped (PostgreSQL's backends that
      // ended during the run, a pool's connection closed idle, count with their postmaster).
      const ticks = [11, 12, 13, 14].reduce((sum, field) => sum + Number(fields[field]), 0);
      return { ppid: Number(fields[1]), cpu: ticks / 100 };
    } catch {
      return null;
    }
  };
  const own = await read(String(pid));
  if (!own) return null;
  let total = own.cpu;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || entry === String(pid)) continue;
    const child = await read(entry);
    if (child && child.ppid === pid) total += child.cpu;
  }
  return total;
}
