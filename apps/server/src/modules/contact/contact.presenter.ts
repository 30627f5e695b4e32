import { LANGUAGES, type ContactMessage } from '@nebab/shared';
import type { ContactMessageRow } from '../../db/schema/index.js';

/** A stored contact message as admins read it. */
export function presentContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    language: LANGUAGES.find((code) => code === row.language) ?? 'en',
    status: row.status === 'handled' ? 'handled' : 'new',
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
  };
}
