import type { ContactMessageListQuery } from '@nebab/shared';

export const contactKeys = {
  all: () => ['contact'] as const,
  inbox: (query: Partial<ContactMessageListQuery>) => ['contact', 'inbox', query] as const,
};
