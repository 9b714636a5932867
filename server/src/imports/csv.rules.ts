/**
 * CSV as RFC 4180 writes it (quoted fields, doubled quotes, CRLF or LF), the delimiter read from
 * the header line: Strong's older exports use semicolons, its newer ones and Hevy's commas.
 */

/** The header's delimiter: the one of `,`, `;` or a tab that splits it into the most fields. */
export function detectDelimiter(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return [',', ';', '\t'].reduce((best, d) => (header.split(d).length > header.split(best).length ? d : best), ',');
}

/** Rows of fields; a blank line is no row. A byte-order mark before the header is dropped. */
export function parseCsv(text: string, delimiter = detectDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  const endRow = () => {
    row.push(field);
    if (row.some((f) => f !== '')) rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      endRow();
    } else field += c;
  }
  endRow();
  return rows;
}

/** One CSV line: fields with a delimiter, a quote or a line break quoted. */
export function csvLine(fields: ReadonlyArray<string | number | null | undefined>, delimiter = ','): string {
  return fields
    .map((f) => {
      const text = f === null || f === undefined ? '' : String(f);
      return /["\r\n]/.test(text) || text.includes(delimiter) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(delimiter);
}
