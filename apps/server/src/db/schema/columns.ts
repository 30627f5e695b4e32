import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Primary key of every table with a surrogate id: a random UUID made by the database. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** A timestamptz column read and written as a JS `Date`. */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `created_at` / `updated_at` of every table; `updated_at` is refreshed by Drizzle on each update. */
export const timestamps = {
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
