/** TanStack Query keys of the account resource. */
export const authKeys = {
  all: ['auth'] as const,
  session: (token: string | null) => ['auth', 'session', token] as const,
  providers: () => ['auth', 'providers'] as const,
};
