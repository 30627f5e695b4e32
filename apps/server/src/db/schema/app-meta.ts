import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns.js';

/** Small key/value facts about this installation (e.g. `catalog_version`). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestampTz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
