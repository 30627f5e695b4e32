import { parseDriveFileId } from './drive.js';

/** Viewability of a book (spec §3) and what the book page offers for it (spec §4). */
export const VIEWABILITIES = ['FULL', 'ALL_PAGES', 'PARTIAL', 'NO_PAGES'] as const;
export type Viewability = (typeof VIEWABILITIES)[number];

/**
 * What the Read/Preview button does: open the in-app reader (an uploaded PDF, or a Drive preview
 * embedded by file id), open an outside preview link in a new tab, or nothing.
 */
export type ReadAction =
  | {
      kind: 'reader';
      label: 'read' | 'preview';
      source: { type: 'pdf' } | { type: 'drive'; fileId: string; url: string };
    }
  | { kind: 'external'; label: 'read' | 'preview'; url: string }
  | { kind: 'none' };

/** What the Buy button does: open the buy dialog, or show one of the two disabled notices. */
export type BuyAction = { kind: 'buy' } | { kind: 'notForSale' } | { kind: 'unavailable' } | { kind: 'none' };

export interface ViewabilityInput {
  id: string;
  viewability: string | null | undefined;
  previewLink: string | null | undefined;
  hasIsbn: boolean;
  /**
   * False for a local- book without a stored PDF (e.g. made from a reader's suggestion): it follows
   * the viewability rules like any other book. Absent means it has one.
   */
  hasFile?: boolean;
}

/** True for books stored by Nebab itself (uploaded PDFs), which open the in-app reader. */
export function isLocalBook(id: string): boolean {
  return id.startsWith('local-');
}

function readTarget(link: string, label: 'read' | 'preview', atFrontCover: boolean): ReadAction {
  const fileId = parseDriveFileId(link);
  if (fileId) return { kind: 'reader', label, source: { type: 'drive', fileId, url: link } };
  return { kind: 'external', label, url: atFrontCover ? frontCover(link) : link };
}

/**
 * Spec §4: local- ids open the in-app reader; FULL / ALL_PAGES give Read Book (the preview link, at
 * the front cover); PARTIAL gives Preview Book, plus Buy Book with an ISBN or a disabled 'Not available
 * for purchase' without; NO_PAGES gives Buy Book with an ISBN, else a disabled 'This book is not
 * available for preview or purchase'; any other viewability is unavailable. A Drive-hosted link opens
 * in the reader overlay instead of a new tab (spec §2 Reader overlay).
 */
export function bookActions(book: ViewabilityInput): { read: ReadAction; buy: BuyAction } {
  const link = book.previewLink?.trim() ?? '';
  if (isLocalBook(book.id) && book.hasFile !== false) {
    return {
      read: { kind: 'reader', label: 'read', source: { type: 'pdf' } },
      buy: book.hasIsbn ? { kind: 'buy' } : { kind: 'none' },
    };
  }
  switch (book.viewability) {
    case 'FULL':
    case 'ALL_PAGES':
      return {
        read: link ? readTarget(link, 'read', true) : { kind: 'none' },
        buy: book.hasIsbn ? { kind: 'buy' } : { kind: 'none' },
      };
    case 'PARTIAL':
      return {
        read: link ? readTarget(link, 'preview', false) : { kind: 'none' },
        buy: book.hasIsbn ? { kind: 'buy' } : { kind: 'notForSale' },
      };
    case 'NO_PAGES':
      return { read: { kind: 'none' }, buy: book.hasIsbn ? { kind: 'buy' } : { kind: 'unavailable' } };
    default:
      return { read: { kind: 'none' }, buy: { kind: 'unavailable' } };
  }
}

/** Opens a Google Books preview at the front cover (`pg=PP1`), leaving other links alone. */
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

/** The three sellers of the buy dialog and their search-by-ISBN addresses. */
export const SELLERS = {
  amazon: {
    name: 'Amazon',
    url: (isbn: string) => `https://www.amazon.com/s?k=${encodeURIComponent(isbn)}&i=stripbooks`,
  },
  abebooks: {
    name: 'AbeBooks',
    url: (isbn: string) => `https://www.abebooks.com/servlet/SearchResults?isbn=${encodeURIComponent(isbn)}`,
  },
  booksamillion: {
    name: 'Books-A-Million',
    url: (isbn: string) =>
      `https://www.booksamillion.com/search?query=${encodeURIComponent(isbn)}&filter=product_type%3Abooks`,
  },
} as const;
export type SellerId = keyof typeof SELLERS;
