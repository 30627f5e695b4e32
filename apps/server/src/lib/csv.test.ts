import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvFormula, restoreCsvText, writeCsv } from './csv.js';

describe('writeCsv', () => {
  const cells = [
    '=1+1',
    '+1',
    '-1',
    '@SUM(A1)',
    '\t=1',
    '\r=1',
    '\uFF1D1',
    "'=x",
    "''+y",
    "'plain",
    'a, "quoted"\r\nline',
    'plain',
    '',
  ];

  it('puts a quote before every cell a spreadsheet would run (OWASP), and no other', () => {
    const written = parse(
      writeCsv(
        ['Cell'],
        cells.map((cell) => [cell]),
      ),
    ) as string[][];
    expect(written.slice(1).map(([cell]) => cell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\t=1",
      "'\r=1",
      "'\uFF1D1",
      "''=x",
      "'''+y",
      "'plain",
      'a, "quoted"\r\nline',
      'plain',
      '',
    ]);
  });

  it('gives back exactly what was written once read with restoreCsvText', () => {
    const written = parse(
      writeCsv(
        ['Cell'],
        cells.map((cell) => [cell]),
      ),
    ) as string[][];
    expect(written.slice(1).map(([cell]) => restoreCsvText(cell!))).toEqual(cells);
  });

  it('writes deliberate formulas as they are, numbers and empty cells plainly, CRLF', () => {
    expect(writeCsv(['ISBN', 'Rating', 'None'], [[csvFormula('="0439023483"'), -1, null]])).toBe(
      'ISBN,Rating,None\r\n"=""0439023483""",-1,\r\n',
    );
  });
});
