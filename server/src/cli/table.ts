/** Left-aligned columns, two spaces apart. */
export function printTable(print: (line: string) => void, header: string[], rows: string[][]): void {
  const widths = header.map((h, col) => Math.max(h.length, ...rows.map((r) => r[col].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, col) => c.padEnd(widths[col]))
      .join('  ')
      .trimEnd();
  print(line(header));
  for (const row of rows) print(line(row));
}
