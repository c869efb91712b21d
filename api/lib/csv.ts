/** Characters that make a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A plain number, negative or not: a spreadsheet reads it as the number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell: formula-like text is neutralised with a leading quote (a negative number stays a number, so
 * a column of scores still sorts and sums), then quoted as RFC 4180 needs.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV record, ended with CRLF. */
export const csvLine = (values: readonly string[]) => `${values.map(csvCell).join(",")}\r\n`;

/** How many rows an export reads and writes at a time. */
export const CSV_PAGE_SIZE = 1000;

/**
 * An export as a CSV stream: the header line, then the rows read a page at a time (`readPage(offset, limit)`
 * until a page comes back short) and written as they come, so a large export never sits in memory at once.
 */
export function csvStream<Row>(
  header: readonly string[],
  readPage: (offset: number, limit: number) => Promise<Row[]>,
  cells: (row: Row) => readonly string[],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let nextOffset = 0;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine(header)));
        return;
      }
      const rows = await readPage(nextOffset, CSV_PAGE_SIZE);
      nextOffset += rows.length;
      if (rows.length) controller.enqueue(encoder.encode(rows.map((row) => csvLine(cells(row))).join("")));
      if (rows.length < CSV_PAGE_SIZE) controller.close();
    },
  });
}

/** The download answer for an export: CSV in UTF-8, saved under `fileName`. */
export const csvResponse = (body: ReadableStream<Uint8Array>, fileName: string) =>
  new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
    },
  });
