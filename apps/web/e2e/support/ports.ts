import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The browser tests run on `E2E_WORKERS` Playwright workers (1 by default), each against servers of
 * its own on 127.0.0.1 — a Nebab server on a PGlite folder of its own and a local OpenID provider —
 * so no spec sees another worker's readers, mail, site settings or catalogue edits. On this 2-core
 * machine two workers made each test about twice as slow (the club and contact journeys then ran past
 * their 45 s), so one is the default until the budgets are measured for two.
 * `E2E_APP_PORT` / `E2E_OIDC_PORT` move the first worker's ports (worker i adds i), so two checkouts
 * can run their browser tests side by side.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 1);
const APP_PORT = Number(process.env.E2E_APP_PORT) || 4173;
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT) || 4411;

export interface E2EServers {
  appPort: number;
  /** `http://127.0.0.1:<appPort>` */
  appUrl: string;
  oidcPort: number;
  /**
   * The server's DATA_DIR (emptied at start): without SMTP_URL its mail is written to
   * `<dir>/mail/*.eml`, where the specs read the links readers are sent.
   */
  dataDir: string;
}

/** The servers of the worker with Playwright's `parallelIndex` `index`. */
export function e2eServers(index: number): E2EServers {
  const appPort = APP_PORT + index;
  return {
    appPort,
    appUrl: `http://127.0.0.1:${appPort}`,
    oidcPort: OIDC_PORT + index,
    dataDir: join(tmpdir(), `nebab-e2e-${appPort}`),
  };
}

export const E2E_ADMIN = { email: 'admin@nebab.test', password: 'Admin!2026pass' } as const;
export const E2E_GOOGLE_CLIENT = { id: 'nebab-e2e', secret: 'nebab-e2e-secret-value' } as const;
