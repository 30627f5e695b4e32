import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns.js';

/**
 * Pending OpenID Connect sign-ins (state → PKCE verifier and nonce), kept in the database
 * so the callback may land on any server node. Rows older than ten minutes are void.
 */
export const oidcStates = pgTable(
  'oidc_states',
  {
    state: text('state').primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [index('oidc_states_created_at_idx').on(t.createdAt)],
);
