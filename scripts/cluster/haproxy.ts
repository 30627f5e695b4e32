/**
 * The load balancer: HAProxy from Debian's packages. Chosen over nginx because its open-source build
 * checks the nodes actively (`GET /api/health` every second or two, so a node that is killed or whose
 * database is gone stops getting requests before a reader hits it), retries a request whose connection
 * failed on the other node, and proxies WebSockets without configuration. nginx's free build only
 * notices a dead node when a real request fails on it.
 *
 * No sticky sessions: requests go to the node with the fewest connections, and the web client opens
 * Socket.IO over WebSocket only (long-polling would need every poll of one session on the same node).
 * The balancer's own errors (no node up, a node that died mid-answer, a malformed request) answer in
 * the API's error shape and the reader's language (`Accept-Language`), with `Retry-After` on 503.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { translate, type ErrorCode, type Language } from '@nebab/shared';

/** Seconds a client is told to wait when the balancer answers 503 (the API says the same). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The balancer's own answers and the API error code each one carries. Those that can come before the
 * request is parsed (400, 408) are fixed English files; the others pick the request's language.
 * HAProxy before 3.2 answers a request it cannot parse at all (a broken request line, headers past
 * its 16 KB buffer) with its built-in HTML page whatever `errorfile 400` says (haproxy issue 3032).
 */
const OWN_ERRORS: ReadonlyArray<{ status: number; code: ErrorCode; early?: boolean }> = [
  { status: 400, code: 'VALIDATION', early: true },
  { status: 408, code: 'VALIDATION', early: true },
  { status: 413, code: 'TOO_LARGE' },
  { status: 429, code: 'RATE_LIMITED' },
  { status: 500, code: 'INTERNAL' },
  { status: 501, code: 'INTERNAL' },
  { status: 502, code: 'UNAVAILABLE' },
  { status: 503, code: 'UNAVAILABLE' },
  { status: 504, code: 'UNAVAILABLE' },
];

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
};

export interface BalancerNode {
  name: string;
  port: number;
}

export interface BalancerConfigOptions {
  port: number;
  /** Port of the statistics page (`/` as HTML, `/;csv` for scripts). */
  statsPort: number;
  nodes: readonly BalancerNode[];
  /** Folder for the generated message maps and error templates. */
  folder: string;
  /** Log every request (HAProxy's httplog format) to this file. */
  logFile?: string;
}

/** `haproxy` on PATH or in /usr/sbin, or HAPROXY_BIN. */
export function findHaproxy(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.HAPROXY_BIN) return existsSync(env.HAPROXY_BIN) ? env.HAPROXY_BIN : undefined;
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy']) {
    if (existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : undefined;
}

/**
 * Finds HAProxy, installing Debian's package when it is missing and this runs as root with apt-get;
 * otherwise stops with a one-line instruction.
 */
export function ensureHaproxy(log: (line: string) => void = console.log): string {
  const found = findHaproxy();
  if (found) return found;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (userInfo().uid !== 0 || !hasApt) {
    throw new Error('HAProxy is not installed: run `sudo apt-get install haproxy` (or set HAPROXY_BIN)');
  }
  log('Installing HAProxy from Debian’s packages (apt-get install haproxy)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'haproxy'], { stdio: 'inherit', env });
  if (install().status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    if (install().status !== 0) throw new Error('apt-get install haproxy failed (see above)');
  }
  const installed = findHaproxy();
  if (!installed) throw new Error('apt-get installed haproxy but the binary was not found');
  return installed;
}

/**
 * Connections the balancer may hold: two descriptors each (client and node side), within this
 * process's open-file limit, at most 8,000.
 */
function maxConnections(): number {
  const limit = Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim());
  if (!Number.isFinite(limit) || limit <= 0) return 8000;
  return Math.max(100, Math.min(8000, Math.floor((limit - 200) / 2)));
}

/** The message in a form that can sit inside a JSON string (HAProxy inserts it verbatim). */
function jsonText(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/**
 * Writes the message maps (`<lang> <message>` per error code) and the error templates, and answers
 * the configuration text.
 */
export function writeBalancerConfig(options: BalancerConfigOptions): string {
  const { folder } = options;
  const languages: Language[] = ['en', 'am'];
  const errorLines: string[] = [];
  for (const { status, code, early } of OWN_ERRORS) {
    if (early) {
      const body = JSON.stringify({ error: { code, message: translate(`errors.${code}`, 'en') } });
      const file = path.join(folder, `error-${status}.http`);
      writeFileSync(
        file,
        `HTTP/1.1 ${status} ${REASONS[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\ncache-control: no-cache\r\nconnection: close\r\n\r\n${body}`,
      );
      errorLines.push(`    errorfile ${status} ${file}`);
      continue;
    }
    const map = path.join(folder, `messages-${code}.map`);
    writeFileSync(
      map,
      languages
        .map((language) => `${language} ${jsonText(translate(`errors.${code}`, language))}\n`)
        .join(''),
    );
    const template = path.join(folder, `error-${status}.json`);
    // A log-format template: the message is looked up by the language chosen for the request.
    writeFileSync(template, `{"error":{"code":"${code}","message":"%[var(txn.lang,en),map(${map})]"}}`);
    const retry = status === 503 ? ` hdr retry-after ${RETRY_AFTER_SECONDS}` : '';
    errorLines.push(
      `    http-error status ${status} content-type "application/json; charset=utf-8" lf-file ${template}${retry}`,
    );
  }

  const servers = options.nodes.map((node) => `    server ${node.name} 127.0.0.1:${node.port}`).join('\n');
  const fallbacks = options.nodes
    .map((node) => `    server ${node.name}-fallback 127.0.0.1:${node.port} backup no-check`)
    .join('\n');
  const socketServers = options.nodes
    .map((node) => `    server ${node.name} 127.0.0.1:${node.port} track nodes/${node.name}`)
    .join('\n');

  return `# Generated by npm run cluster (scripts/cluster/haproxy.ts).
global
    maxconn ${maxConnections()}
    stats socket ${path.join(folder, 'haproxy.sock')} mode 600 level admin
    # Two threads at most: the machine is shared with the nodes and the database.
    nbthread 2
${options.logFile ? '    log stderr format raw local0 info\n' : ''}
defaults
    mode http
${options.logFile ? '    log global\n    option httplog\n' : ''}    # Readers keep their connection to the balancer; each request opens its own to a node. A request
    # sent on a kept connection to a node that has just died or is shutting down is answered by a
    # silent close (HAProxy mirrors the server so the client may retry), which a POST cannot be
    # retried from; a fresh connection to a dead node is refused instead, and tried on the other one.
    option http-server-close
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout queue 10s
    # A WebSocket stays open while the reader is on the page.
    timeout tunnel 1h
    timeout client-fin 5s
    timeout server-fin 5s
    # A connection refused by a dead node is tried again on the other one.
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response response-timeout
${errorLines.join('\n')}

frontend nebab
    bind 127.0.0.1:${options.port}
    # The nodes trust X-Forwarded-For (TRUST_PROXY): only the balancer may write it.
    http-request del-header x-forwarded-for
    option forwardfor
    http-request set-header x-forwarded-proto http
    # The language of the balancer's own errors, as the API chooses it (the first language listed).
    http-request set-var(txn.lang) str(en)
    http-request set-var(txn.lang) str(am) if { req.hdr(accept-language),lower -m reg ^\\s*am([-;,]|$) }
    # Only a request that never reached a node (or one that reads nothing) is safe to send twice.
    http-request disable-l7-retry unless METH_GET || METH_HEAD || METH_OPTIONS
    # Chat sockets stay open for the whole visit: counted with the requests, a few more of them on one
    # node sent it every request (leastconn) while the other idled.
    use_backend sockets if { path_beg /socket.io/ }
    default_backend nodes

backend nodes
    balance leastconn
    option httpchk
    http-check send meth GET uri /api/health
    # 200 is ok or degraded (Redis down: the node still serves); 503 means its database is gone.
    http-check expect status 200
    # Checked every 2 s, every 0.5 s while changing state: out after 3 failures (a refused connection
    # fails at once; a node too busy to answer within 3 s fails too), back after 2 successes.
    timeout check 3s
    default-server check inter 2s fastinter 500ms downinter 500ms rise 2 fall 3
${servers}
    # Fail open: when every node has failed its checks (all too busy to answer in time, or all without
    # their database) requests still go to whichever node accepts — slow is better than refused, and a
    # node without its database answers 503 UNAVAILABLE itself. A dead node refuses the connection and
    # the request is tried on another.
    option allbackups
${fallbacks}

# The same nodes for chat sockets, each new one to the node with the fewest; a node's health (and a
# drain or maintenance set on nodes/<name>) is the one its server in backend nodes has.
backend sockets
    balance leastconn
${socketServers}
    option allbackups
${fallbacks}

listen stats
    bind 127.0.0.1:${options.statsPort}
    stats enable
    stats uri /
    stats refresh 2s
`;
}

export interface Balancer {
  url: string;
  statsUrl: string;
  /** Each node's state as the balancer sees it: `UP`, `DOWN`, `UP 1/2`, `NOLB`, `MAINT`, … */
  states(): Promise<Record<string, string>>;
  /** Runs a command on HAProxy's admin socket, e.g. `set server nodes/node1 state drain`. */
  command(line: string): Promise<string>;
  stop(): Promise<void>;
  stopNow(): void;
  pid: number;
}

export async function startBalancer(bin: string, options: BalancerConfigOptions): Promise<Balancer> {
  const configFile = path.join(options.folder, 'haproxy.cfg');
  writeFileSync(configFile, writeBalancerConfig(options));
  const check = spawnSync(bin, ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
  if (check.status !== 0)
    throw new Error(`HAProxy refused its configuration: ${check.stderr || check.stdout}`);

  // -db: stay in the foreground, so the process is ours to stop.
  const logFd = options.logFile ? openSync(options.logFile, 'a') : undefined;
  const child: ChildProcess = spawn(bin, ['-db', '-f', configFile], {
    stdio: ['ignore', 'ignore', logFd ?? 'pipe'],
  });
  if (logFd !== undefined) closeSync(logFd);
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${options.port}`;
  const statsUrl = `http://127.0.0.1:${options.statsPort}/`;

  const exited = () =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited with ${child.exitCode}: ${log}`);
    const up = await fetch(statsUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`HAProxy did not start: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const states = async () => {
    const csv = await (await fetch(`${statsUrl};csv`)).text();
    const [header, ...rows] = csv.split('\n');
    const columns = (header ?? '').replace(/^# /, '').split(',');
    const nameAt = columns.indexOf('svname');
    const statusAt = columns.indexOf('status');
    const proxyAt = columns.indexOf('pxname');
    const result: Record<string, string> = {};
    for (const row of rows) {
      const cells = row.split(',');
      if (cells[proxyAt] !== 'nodes') continue;
      const name = cells[nameAt];
      if (!name || name === 'FRONTEND' || name === 'BACKEND') continue;
      result[name] = cells[statusAt] ?? '';
    }
    return result;
  };

  const command = async (line: string) => {
    const net = await import('node:net');
    return new Promise<string>((resolve, reject) => {
      const socket = net.connect(path.join(options.folder, 'haproxy.sock'));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', reject);
      socket.on('end', () => resolve(answer.trim()));
      socket.write(`${line}\n`);
    });
  };

  return {
    url,
    statsUrl,
    pid: child.pid ?? -1,
    states,
    command,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited();
    },
    stopNow() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
