/** TanStack Query keys of the reader's own account (Settings page). */
export const accountKeys = {
  all: ['account'] as const,
  security: () => ['account', 'security'] as const,
  sessions: () => ['account', 'sessions'] as const,
};
