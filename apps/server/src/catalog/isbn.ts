/** ISBN repair for the goodbooks-10k columns (see catalog-data/README.md, "ISBN notes"). */

/** True when a 10-character ISBN-10 (digits, last may be X) passes its checksum. */
export function isValidIsbn10(isbn: string): boolean {
  if (!/^\d{9}[\dX]$/.test(isbn)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    const ch = isbn[i]!;
    sum += (ch === 'X' ? 10 : Number(ch)) * (10 - i);
  }
  return sum % 11 === 0;
}

/** The EAN-13 check digit of the first 12 digits. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** True when 13 digits pass the EAN-13 check: an ISBN-13, or another EAN such as a Barnes & Noble number. */
export function isValidIsbn13(isbn: string): boolean {
  return /^\d{13}$/.test(isbn) && ean13CheckDigit(isbn.slice(0, 12)) === Number(isbn[12]);
}

/**
 * True for an ISBN-13 proper: an EAN-13 in the book ranges 978/979 with its check digit. goodbooks
 * and Goodreads exports also carry other EANs in their ISBN13 column (Barnes & Noble's 2940… numbers
 * of Nook editions): kept for matching and exports, but never presented as an ISBN.
 */
export function isIsbn13(isbn: string): boolean {
  return /^97[89]/.test(isbn) && isValidIsbn13(isbn);
}

/** goodbooks stores ISBN-10 as a number (leading zeros lost): pad it and keep it only when valid. */
export function repairIsbn10(raw: string): string | null {
  const trimmed = raw.trim().toUpperCase();
  if (!trimmed) return null;
  const padded = trimmed.padStart(10, '0');
  return isValidIsbn10(padded) ? padded : null;
}

export function isbn10To13(isbn10: string): string {
  const first12 = `978${isbn10.slice(0, 9)}`;
  return `${first12}${ean13CheckDigit(first12)}`;
}

/**
 * goodbooks stores ISBN-13 as a float with 12 significant digits, so the check digit is rounded away.
 * With R = round(value / 10): P = R holds when the true check digit is 0–4, P = R − 1 when it is 5–9.
 * Keep the result only when exactly one candidate fits.
 */
export function rebuildIsbn13FromFloat(raw: string): string | null {
  const value = Number(raw.trim());
  if (!raw.trim() || !Number.isFinite(value) || value <= 0) return null;
  const r = Math.round(value / 10);
  const fits: string[] = [];
  for (const [candidate, low, high] of [
    [r, 0, 4],
    [r - 1, 5, 9],
  ] as const) {
    const first12 = String(candidate);
    if (first12.length !== 12) continue;
    const check = ean13CheckDigit(first12);
    if (check >= low && check <= high) fits.push(`${first12}${check}`);
  }
  return fits.length === 1 ? fits[0]! : null;
}

/** Both ISBNs of a goodbooks row after repair. */
export function repairGoodbooksIsbns(
  isbnRaw: string,
  isbn13Raw: string,
): { isbn10: string | null; isbn13: string | null } {
  const isbn10 = repairIsbn10(isbnRaw);
  if (isbn10) return { isbn10, isbn13: isbn10To13(isbn10) };
  return { isbn10: null, isbn13: rebuildIsbn13FromFloat(isbn13Raw) };
}
