/** Process entry: read the environment, build the app, listen, and close cleanly on SIGTERM / SIGINT. */
import { buildApp } from './app.js';
import { invocationDir, loadConfig } from './config.js';

const config = loadConfig(process.env, invocationDir());
const app = await buildApp(config);

let closing = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}

// A rejected promise nobody awaited (a dependency's client failing in a callback we do not own) is a
// defect to log, not a reason to take every reader's connection down with the process. The known
// sources (Redis publishes, idle database connections) are handled where they arise; this is the net.
process.on('unhandledRejection', (reason) => {
  app.log.error({ err: reason }, 'unhandled rejection (the process keeps running)');
});

process.once('SIGTERM', (signal) => void shutdown(signal));
process.once('SIGINT', (signal) => void shutdown(signal));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'could not start listening');
  await app.close().catch(() => undefined);
  process.exit(1);
}
