/** What the reader overlay shows: an uploaded PDF (rendered with PDF.js) or a Drive preview frame. */
export type ReaderSource = { type: 'pdf'; bookId: string } | { type: 'drive'; fileId: string; url: string };

/** The search parameter that marks the reader as open, so the browser's Back button closes it. */
export const READER_PARAM = 'reader';
export const READER_OPEN = 'open';
