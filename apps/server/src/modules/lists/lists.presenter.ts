import type { BookListDetail, BookListSummary, Language } from '@nebab/shared';
import { presentProfileBook } from '../books/books.presenter.js';
import { presentReaderCard } from '../users/reader-card.js';
import type { ListDetailView, ListSummaryView } from './lists.service.js';

/** A list on a card (profiles, genre lists, "my lists"). */
export function presentListSummary(
  { list, owner, preview }: ListSummaryView,
  language: Language,
): BookListSummary {
  return {
    id: list.id,
    title: list.title,
    description: list.description,
    visibility: list.visibility === 'private' ? 'private' : 'public',
    mode: list.mode === 'curated' ? 'curated' : 'open',
    genre: list.genre,
    owner: presentReaderCard(owner, language),
    itemCount: list.itemCount,
    voteCount: list.voteCount,
    preview: preview.map(presentProfileBook),
    created_at: list.createdAt.toISOString(),
    updated_at: list.updatedAt.toISOString(),
  };
}

/** `GET /api/lists/:id`: every book in rank order, with what the asker may do. */
export function presentListDetail(view: ListDetailView, language: Language): BookListDetail {
  return {
    ...presentListSummary(view, language),
    genreChosen: view.list.genreChosen,
    items: view.items.map((item, index) => ({
      rank: index + 1,
      book: presentProfileBook(item.book),
      votes: item.votes,
      voted: item.voted,
      addedBy: item.addedBy ? presentReaderCard(item.addedBy, language) : null,
      added_at: item.addedAt.toISOString(),
    })),
    can: view.can,
  };
}
