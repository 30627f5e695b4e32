// Started by Playwright's webServer, once per worker (`start-servers.ts <index>`): a local OpenID
// provider (the stand-in for Google) and the real Nebab server process on a fresh PGlite folder, with
// the built client. Stops both on SIGTERM.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startOidcTestProvider } from '../../../server/test/oidc-test-provider';
import { E2E_ADMIN, E2E_GOOGLE_CLIENT, e2eServers } from './ports';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const { appPort, appUrl, oidcPort, dataDir } = e2eServers(Number(process.argv[2] ?? 0));
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const provider = await startOidcTestProvider({
  port: oidcPort,
  clientId: E2E_GOOGLE_CLIENT.id,
  clientSecret: E2E_GOOGLE_CLIENT.secret,
  redirectUris: [`${appUrl}/api/auth/google/callback`],
});

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(appPort),
    PUBLIC_URL: appUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    OIDC_ISSUER: provider.issuer,
    OIDC_ALLOW_HTTP: 'true',
    GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT.id,
    GOOGLE_CLIENT_SECRET: E2E_GOOGLE_CLIENT.secret,
    AUTH_RATE_LIMIT_PER_IP: '1000',
    AUTH_RATE_LIMIT_PER_EMAIL: '1000',
    LOG_LEVEL: 'warn',
  },
});

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  await provider.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}

server.on('exit', (code) => void stop(code ?? 1));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
