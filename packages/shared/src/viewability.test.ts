import { describe, expect, it } from 'vitest';
import { SELLERS, bookActions } from './viewability.js';

const drive = 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUv/view';
const books = 'https://books.google.com/books?id=abc&printsec=frontcover';

describe('bookActions (spec §4 viewability)', () => {
  it('opens local books in the in-app reader', () => {
    expect(
      bookActions({ id: 'local-1', viewability: 'NO_PAGES', previewLink: null, hasIsbn: false }).read,
    ).toEqual({
      kind: 'reader',
      label: 'read',
      source: { type: 'pdf' },
    });
  });
  it('treats a local book without a PDF (an approved suggestion) like any other book', () => {
    const input = { id: 'local-2', previewLink: null, hasIsbn: true, hasFile: false };
    expect(bookActions({ ...input, viewability: 'NO_PAGES' })).toEqual({
      read: { kind: 'none' },
      buy: { kind: 'buy' },
    });
    expect(bookActions({ ...input, viewability: 'FULL', previewLink: books }).read).toEqual({
      kind: 'external',
      label: 'read',
      url: `${books}&pg=PP1`,
    });
  });
  it('FULL and ALL_PAGES read at the front cover; a Drive link opens the overlay', () => {
    expect(bookActions({ id: '1', viewability: 'FULL', previewLink: books, hasIsbn: true })).toEqual({
      read: { kind: 'external', label: 'read', url: `${books}&pg=PP1` },
      buy: { kind: 'buy' },
    });
    expect(
      bookActions({ id: '1', viewability: 'ALL_PAGES', previewLink: drive, hasIsbn: false }).read,
    ).toMatchObject({
      kind: 'reader',
      source: { type: 'drive', fileId: '1AbCdEfGhIjKlMnOpQrStUv' },
    });
  });
  it('PARTIAL previews, and buys only with an ISBN', () => {
    expect(bookActions({ id: '1', viewability: 'PARTIAL', previewLink: books, hasIsbn: true })).toEqual({
      read: { kind: 'external', label: 'preview', url: books },
      buy: { kind: 'buy' },
    });
    expect(bookActions({ id: '1', viewability: 'PARTIAL', previewLink: books, hasIsbn: false }).buy).toEqual({
      kind: 'notForSale',
    });
  });
  it('NO_PAGES buys with an ISBN, else is unavailable; unknown viewability is unavailable', () => {
    expect(bookActions({ id: '1', viewability: 'NO_PAGES', previewLink: null, hasIsbn: true })).toEqual({
      read: { kind: 'none' },
      buy: { kind: 'buy' },
    });
    expect(bookActions({ id: '1', viewability: 'NO_PAGES', previewLink: null, hasIsbn: false }).buy).toEqual({
      kind: 'unavailable',
    });
    expect(bookActions({ id: '1', viewability: 'SOMETHING', previewLink: books, hasIsbn: true })).toEqual({
      read: { kind: 'none' },
      buy: { kind: 'unavailable' },
    });
  });
  it('searches each seller by ISBN', () => {
    expect(SELLERS.amazon.url('9780439023481')).toContain('9780439023481');
    expect(SELLERS.abebooks.url('9780439023481')).toContain('isbn=9780439023481');
    expect(SELLERS.booksamillion.url('9780439023481')).toContain('query=9780439023481');
  });
});
