import type { FeedEntry, FeedKind, Language } from '@nebab/shared';
import { presentProfileBook } from '../books/books.presenter.js';
import { presentReaderCard } from '../users/reader-card.js';
import type { FeedView } from './feed.service.js';

/** One feed entry (REST and the `feed:new` push alike). */
export function presentFeedEntry(view: FeedView, language?: Language): FeedEntry {
  const { entry } = view;
  const kind = entry.kind as FeedKind;
  return {
    id: entry.id,
    kind,
    actor: presentReaderCard(view.actor, language),
    book: view.book ? presentProfileBook(view.book) : null,
    rating: kind === 'rated' || kind === 'reviewed' ? entry.rating : null,
    excerpt: kind === 'reviewed' ? (entry.data.excerpt ?? null) : null,
    reviewId: entry.reviewId,
    list: view.list,
    club: view.club,
    created_at: entry.createdAt.toISOString(),
  };
}
