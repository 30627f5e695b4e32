/** Viewability of a book (spec §3) and what the book page offers for it (spec §4). */
export const VIEWABILITIES = ['FULL', 'ALL_PAGES', 'PARTIAL', 'NO_PAGES'] as const;
export type Viewability = (typeof VIEWABILITIES)[number];

export type ReadAction =
  | { kind: 'reader' }
  | { kind: 'read'; url: string }
  | { kind: 'preview'; url: string }
  | { kind: 'none' };

export type BuyAction = { kind: 'buy' } | { kind: 'notForSale' } | { kind: 'unavailable' } | { kind: 'none' };

export interface ViewabilityInput {
  id: string;
  viewability: string | null | undefined;
  previewLink: string | null | undefined;
  hasIsbn: boolean;
}

/** True for books stored by Nebab itself (uploaded PDFs), which open the in-app reader. */
export function isLocalBook(id: string): boolean {
  return id.startsWith('local-');
}

/**
 * Spec §4: local- ids open the in-app reader; FULL / ALL_PAGES give Read Book (the preview link at
 * the front cover); PARTIAL gives Preview Book, plus Buy Book with an ISBN or a disabled 'Not available
 * for purchase' without; NO_PAGES gives Buy Book with an ISBN, else a disabled 'This book is not
 * available for preview or purchase'; anything else is unavailable.
 */
export function bookActions(book: ViewabilityInput): { read: ReadAction; buy: BuyAction } {
  if (isLocalBook(book.id)) return { read: { kind: 'reader' }, buy: book.hasIsbn ? { kind: 'buy' } : { kind: 'none' } };
  const link = book.previewLink ?? '';
  switch (book.viewability) {
    case 'FULL':
    case 'ALL_PAGES':
      return { read: link ? { kind: 'read', url: frontCover(link) } : { kind: 'none' }, buy: book.hasIsbn ? { kind: 'buy' } : { kind: 'none' } };
    case 'PARTIAL':
      return { read: link ? { kind: 'preview', url: link } : { kind: 'none' }, buy: book.hasIsbn ? { kind: 'buy' } : { kind: 'notForSale' } };
    case 'NO_PAGES':
      return { read: { kind: 'none' }, buy: book.hasIsbn ? { kind: 'buy' } : { kind: 'unavailable' } };
    default:
      return { read: { kind: 'none' }, buy: { kind: 'unavailable' } };
  }
}

/** Opens a preview link at the front cover (Google Books style `pg=PP1`), leaving other links alone. */
export function frontCover(link: string): string {
  try {
    const url = new URL(link);
    if (/books\.google\./.test(url.hostname)) {
      url.searchParams.set('pg', 'PP1');
      return url.toString();
    }
    return link;
  } catch {
    return link;
  }
}
