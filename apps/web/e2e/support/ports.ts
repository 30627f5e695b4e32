import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Ports of the servers the browser tests start on 127.0.0.1. `E2E_APP_PORT` / `E2E_OIDC_PORT` move
 * them, so two checkouts can run their browser tests side by side.
 */
export const E2E_APP_PORT = Number(process.env.E2E_APP_PORT) || 4173;
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT) || 4411;
/**
 * The server's DATA_DIR (one per app port, emptied at start): without SMTP_URL its mail is written to
 * `<dir>/mail/*.eml`, where the specs read the links readers are sent.
 */
export const E2E_DATA_DIR = join(tmpdir(), `nebab-e2e-${E2E_APP_PORT}`);
export const E2E_ADMIN = { email: 'admin@nebab.test', password: 'Admin!2026pass' } as const;
export const E2E_GOOGLE_CLIENT = { id: 'nebab-e2e', secret: 'nebab-e2e-secret-value' } as const;
