/** Characters that make a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula-like text is neutralised with a leading quote, then quoted as RFC 4180 needs. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV record, ended with CRLF. */
export const csvLine = (values: readonly string[]) => `${values.map(csvCell).join(",")}\r\n`;
