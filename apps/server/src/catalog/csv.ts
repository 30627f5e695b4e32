/**
 * RFC 4180 CSV: comma-separated, double-quote escaping, CRLF or LF line ends.
 * Yields each record as an array of fields; the caller maps the header.
 */
export function* parseCsv(text: string): Generator<string[]> {
  let field = '';
  let record: string[] = [];
  let inQuotes = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i += 1;
        continue;
      }
      const next = text.indexOf('"', i);
      const end = next === -1 ? n : next;
      field += text.slice(i, end);
      i = end;
      continue;
    }
    if (ch === '"') {
      inQuotes = true;
      i += 1;
    } else if (ch === ',') {
      record.push(field);
      field = '';
      i += 1;
    } else if (ch === '\n' || ch === '\r') {
      record.push(field);
      field = '';
      yield record;
      record = [];
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      let j = i;
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === 44 || c === 10 || c === 13 || c === 34) break;
        j += 1;
      }
      field += text.slice(i, j);
      i = j;
    }
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    yield record;
  }
}

/** Parses CSV with a header row into objects keyed by the (trimmed) header names. */
export function* parseCsvObjects(text: string): Generator<Record<string, string>> {
  const rows = parseCsv(text);
  const first = rows.next();
  if (first.done) return;
  const header = first.value.map((name) => name.trim());
  for (const row of rows) {
    if (row.length === 1 && row[0] === '') continue;
    const object: Record<string, string> = {};
    for (let k = 0; k < header.length; k += 1) object[header[k]!] = row[k] ?? '';
    yield object;
  }
}
