import type { Database } from '../db/client.js';
import { NotFoundError } from '../lib/errors.js';
import { silentLogger } from '../lib/logger.js';
import { createUsersRepository } from '../modules/users/users.repository.js';
import { createUsersService } from '../modules/users/users.service.js';

export const ADMIN_USAGE = 'Usage: npm run admin -- promote <email>';

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/**
 * The admin commands, separate from the process entry so tests can run them on a test database.
 * Answers the process exit code.
 */
export async function runAdminCommand(
  args: readonly string[],
  database: Database,
  output: CommandOutput,
): Promise<number> {
  const [command, email, ...rest] = args;
  if (command !== 'promote' || !email || rest.length > 0) {
    output.err(ADMIN_USAGE);
    return 2;
  }
  const users = createUsersService({ users: createUsersRepository(database.db), logger: silentLogger });
  try {
    const user = await users.promoteToAdmin(email);
    output.out(`${user.email} is now an admin.`);
    return 0;
  } catch (error) {
    if (error instanceof NotFoundError) {
      output.err(`No account with the email ${email.trim().toLowerCase()}. The person must sign up first.`);
      return 1;
    }
    throw error;
  }
}
