export const statsKeys = {
  me: () => ['stats', 'me'] as const,
  admin: () => ['stats', 'admin'] as const,
};
