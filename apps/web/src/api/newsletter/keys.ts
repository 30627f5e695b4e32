export const newsletterKeys = {
  all: () => ['newsletter'] as const,
  issues: () => ['newsletter', 'issues'] as const,
  issue: (id: string) => ['newsletter', 'issues', id] as const,
};
