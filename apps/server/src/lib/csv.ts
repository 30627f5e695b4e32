import type { CastReturnObject } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';

/**
 * A cell meant as a spreadsheet formula, written as it is: Goodreads' `="0439023483"` ISBN cells,
 * which keep a spreadsheet from reading an ISBN as a number. Only code makes one (`csvFormula`), so
 * nothing a reader typed can become a formula.
 */
export interface CsvFormula {
  readonly formula: string;
}

export const csvFormula = (formula: string): CsvFormula => ({ formula });

export type CsvCell = string | number | null | undefined | CsvFormula;

/**
 * Text that starts with quotes before a character that makes a spreadsheet read a cell as a formula
 * (OWASP's CSV injection list: = + - @ tab, carriage return; with the full-width forms Apple Numbers
 * folds into them, as csv-stringify's `escape_formulas` knows them).
 */
const QUOTED_FORMULA = /^'+[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * Every CSV Nebab writes goes through here: RFC 4180 quoting (csv-stringify, csv-parse's sibling),
 * CRLF line ends, and OWASP's rule against formula injection — a text cell that starts with
 * = + - @, a tab or a carriage return is written with a leading `'`, so a spreadsheet shows it as
 * text instead of running it (a book titled `=HYPERLINK(…)` that any reader may add would otherwise
 * reach other readers' exports). Text that already starts that way after quotes (`'=x`) gets one
 * more, so `restoreCsvText` gives back exactly what was written. `CsvFormula` cells are the one
 * exception.
 */
export function writeCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  return stringify([header, ...rows] as unknown[][], {
    record_delimiter: 'windows',
    escape_formulas: true,
    cast: {
      string: (value) => (QUOTED_FORMULA.test(value) ? `'${value}` : value),
      // csv-stringify merges the options a cast returns (its type lists only some of them).
      object: (value) =>
        isFormula(value)
          ? ({ value: value.formula, escape_formulas: false } as CastReturnObject)
          : JSON.stringify(value),
    },
  });
}

/**
 * Undoes `writeCsv`'s neutralising quote on a cell read back (an export imported again): `'=x`
 * becomes `=x`, `''=x` becomes `'=x`. Any other cell is returned as it is.
 */
export function restoreCsvText(value: string): string {
  return QUOTED_FORMULA.test(value) ? value.slice(1) : value;
}

function isFormula(value: unknown): value is CsvFormula {
  return typeof value === 'object' && value !== null && typeof (value as CsvFormula).formula === 'string';
}
