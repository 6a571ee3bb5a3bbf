/**
 * CSV for a spreadsheet opened in Brazil (docs/decisions/0280-doctor-rights.md):
 * UTF-8 with a byte-order mark (Excel otherwise reads UTF-8 as Windows-1252 and
 * mangles "João"), semicolon separators (Excel in pt-BR splits on ';', since ','
 * is the decimal mark), CRLF line ends, and RFC 4180 quoting.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_DELIMITER = ';';

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  // Quote anything that could split the field or the row; double inner quotes.
  // A leading = + - @ would make Excel evaluate the cell: it is prefixed with '.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+([.,]\d+)?$/.test(text) ? `'${text}` : text;
  return /[";\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRow(values: unknown[]): string {
  return `${values.map(csvField).join(CSV_DELIMITER)}\r\n`;
}
