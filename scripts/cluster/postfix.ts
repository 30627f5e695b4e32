/**
 * The cluster's mail server: Debian's Postfix, a private instance (its own `main.cf` / `master.cf`,
 * queue and data folders inside the cluster's temp folder; the system's /etc/postfix is not touched)
 * listening on 127.0.0.1:<port> and delivering every message, whatever its recipient, into one Maildir
 * (`<folder>/mail/Maildir/catchall/{new,cur}`, one file per message) through its `virtual` delivery
 * agent. Nothing is relayed anywhere: it is where the nodes' mail can be read. Postfix's `master` must
 * start as root (it then runs its daemons as the `postfix` user), so on a machine where the cluster
 * does not run as root the nodes keep the embedded default (`DATA_DIR/mail/*.eml`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';

export interface MailServer {
  /** `smtp://127.0.0.1:<port>`: the nodes' SMTP_URL. */
  url: string;
  /** The Maildir every message lands in (`new/` holds what nobody read yet). */
  maildir: string;
  /** Postfix's own log (one line per step of each message). */
  logFile: string;
  stop(): Promise<void>;
  stopNow(): void;
}

const POSTFIX = '/usr/sbin/postfix';

/** Why Postfix cannot run here, or undefined when it can (installing Debian's package if missing). */
export function ensurePostfix(log: (line: string) => void = console.log): string | undefined {
  if (userInfo().uid !== 0) return 'Postfix’s master must start as root';
  if (existsSync(POSTFIX)) return undefined;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (!hasApt) return 'Postfix is not installed and apt-get is missing';
  log('Installing Postfix from Debian’s packages (apt-get install postfix)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'postfix'], { stdio: 'inherit', env });
  if (install().status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    if (install().status !== 0) return 'apt-get install postfix failed (see above)';
  }
  return existsSync(POSTFIX) ? undefined : 'apt-get installed postfix but /usr/sbin/postfix is missing';
}

function idOf(flag: '-u' | '-g', name: string): number {
  const result = spawnSync('id', [flag, name], { encoding: 'utf8' });
  const value = Number(result.stdout.trim());
  if (result.status !== 0 || !Number.isInteger(value))
    throw new Error(`no ${name} user (is Postfix installed?)`);
  return value;
}

/** The services of a minimal `master.cf`: SMTP in on the port, local queue processing, virtual delivery. */
function masterCf(port: number): string {
  const rows = [
    `127.0.0.1:${port} inet n - n - - smtpd`,
    'pickup unix n - n 60 1 pickup',
    'cleanup unix n - n - 0 cleanup',
    'qmgr unix n - n 300 1 qmgr',
    'rewrite unix - - n - - trivial-rewrite',
    'bounce unix - - n - 0 bounce',
    'defer unix - - n - 0 bounce',
    'trace unix - - n - 0 bounce',
    'verify unix - - n - 1 verify',
    'flush unix n - n 1000? 0 flush',
    'proxymap unix - - n - - proxymap',
    'showq unix n - n - - showq',
    'error unix - - n - - error',
    'retry unix - - n - - error',
    'discard unix - - n - - discard',
    'virtual unix - n n - - virtual',
    'anvil unix - - n - 1 anvil',
    'scache unix - - n - 1 scache',
    'postlog unix-dgram n - n - 1 postlogd',
  ];
  return `${rows.join('\n')}\n`;
}

function mainCf(root: string, maildirBase: string, uid: number, gid: number): string {
  return `${[
    'compatibility_level = 3.6',
    `queue_directory = ${root}/spool`,
    `data_directory = ${root}/data`,
    'mail_owner = postfix',
    'setgid_group = postdrop',
    'myhostname = mail.nebab.localhost',
    'mydomain = nebab.localhost',
    'myorigin = nebab.localhost',
    // No local delivery and no relaying: every domain is "virtual", every address one mailbox.
    'mydestination =',
    'inet_interfaces = 127.0.0.1',
    'inet_protocols = ipv4',
    'mynetworks = 127.0.0.0/8',
    'smtpd_relay_restrictions = permit_mynetworks, reject',
    'smtpd_recipient_restrictions = permit_mynetworks, reject',
    'virtual_mailbox_domains = static:all',
    `virtual_mailbox_base = ${maildirBase}`,
    // The trailing slash makes it a Maildir.
    'virtual_mailbox_maps = static:catchall/',
    'virtual_minimum_uid = 1',
    `virtual_uid_maps = static:${uid}`,
    `virtual_gid_maps = static:${gid}`,
    'virtual_mailbox_limit = 0',
    'message_size_limit = 20480000',
    'smtputf8_enable = yes',
    // Its log in a file (there is no syslog in a container), read by postlogd.
    `maillog_file = ${root}/postfix.log`,
    `maillog_file_prefixes = ${root}`,
    'alias_maps =',
    'alias_database =',
    'local_recipient_maps =',
    'biff = no',
  ].join('\n')}\n`;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts the private Postfix instance in the foreground (`postfix start-fg`) on `port`. */
export async function startMailServer(folder: string, port: number): Promise<MailServer> {
  const root = path.join(folder, 'mail');
  const configDir = path.join(root, 'etc');
  const maildirBase = path.join(root, 'Maildir');
  const uid = idOf('-u', 'postfix');
  const gid = idOf('-g', 'postfix');
  for (const dir of [root, configDir, path.join(root, 'spool'), path.join(root, 'data'), maildirBase])
    mkdirSync(dir, { recursive: true });
  chownSync(path.join(root, 'data'), uid, gid);
  chownSync(maildirBase, uid, gid);
  writeFileSync(path.join(configDir, 'main.cf'), mainCf(root, maildirBase, uid, gid));
  writeFileSync(path.join(configDir, 'master.cf'), masterCf(port));
  const logFile = path.join(root, 'postfix.log');
  const check = spawnSync(POSTFIX, ['-c', configDir, 'check'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`postfix check failed: ${check.stderr || check.stdout}`);

  const child: ChildProcess = spawn(POSTFIX, ['-c', configDir, 'start-fg'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-2000);
  });
  const deadline = Date.now() + 20_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null) throw new Error(`postfix exited with ${child.exitCode}: ${output}`);
    if (Date.now() > deadline) throw new Error(`postfix did not listen on ${port}: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const exited = () =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    maildir: path.join(maildirBase, 'catchall'),
    logFile,
    async stop() {
      spawnSync(POSTFIX, ['-c', configDir, 'stop'], { stdio: 'ignore' });
      await Promise.race([exited(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    stopNow() {
      // The master stops its daemons on SIGTERM; `postfix stop` is the synchronous way to ask.
      spawnSync(POSTFIX, ['-c', configDir, 'abort'], { stdio: 'ignore', timeout: 5000 });
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
