import type { ReactNode } from 'react';
import type { GenreListItem } from '@nebab/shared';
import { ListItemBookCard } from './BookCard';

/** A grid of genre-list books (cover, title, author, rating). Presentational. */
export function BookGrid({
  items,
  testId,
  empty,
}: {
  items: readonly GenreListItem[];
  testId?: string;
  empty: ReactNode;
}) {
  if (items.length === 0) return <p className="text-ink-muted">{empty}</p>;
  return (
    <ul
      data-testid={testId}
      className="grid grid-cols-2 gap-x-5 gap-y-8 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6"
    >
      {items.map((item) => (
        <li key={item.id}>
          <ListItemBookCard item={item} />
        </li>
      ))}
    </ul>
  );
}
