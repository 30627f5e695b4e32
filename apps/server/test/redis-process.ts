/**
 * A throwaway redis-server of the test's own, on a free port of 127.0.0.1, that a test may stop and
 * start again (on the same port) to play an outage. Never the machine's shared Redis.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './helpers.js';

export interface RedisProcess {
  url: string;
  port: number;
  /** Kills the server (SIGKILL: an outage, not a shutdown); resolves once it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts `redis-server` (REDIS_SERVER_BIN, default from PATH) with nothing kept on disk. */
export async function startRedisProcess(): Promise<RedisProcess> {
  const port = await freePort();
  const bin = process.env.REDIS_SERVER_BIN || 'redis-server';
  let child: ChildProcess | undefined;

  const start = async () => {
    child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const deadline = Date.now() + 10_000;
    while (!(await accepts(port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('redis-server did not start within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    if (!child) return;
    child.kill('SIGKILL');
    await exited(child);
    child = undefined;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start };
}
