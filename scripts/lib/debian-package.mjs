// Makes sure a program the tests need is on the machine, from Debian's packages only: as root with
// apt-get it installs the package, otherwise it says what to do and stops. Never downloads anything
// else (a browser or a Java runtime of a package's own).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Whether `command` runs (found on PATH, or an existing path). */
function available(command) {
  if (command.includes('/')) return existsSync(command);
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Exits 0 when `command` is there (installing Debian's `pkg` first when it is missing and this runs
 * as root with apt-get), else prints `hint` and exits 1.
 */
export function ensureDebianPackage({ command, pkg, what, hint }) {
  if (available(command)) process.exit(0);

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !available('apt-get')) {
    console.error(`${what} not found (${command}): ${hint}`);
    process.exit(1);
  }

  console.log(`${what} is missing: installing Debian’s ${pkg} package…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', pkg],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${result.status}).`);
      process.exit(1);
    }
  }
  if (!available(command)) {
    console.error(`${pkg} was installed but ${command} is still missing.`);
    process.exit(1);
  }
  process.exit(0);
}
