export { runImport, type ImportOptions, type ImportSummary, type RowProblem } from './run-import.js';
export { readCsv, inspectFile, sniffSeparator, type CsvRecord, type FileFacts } from './read-csv.js';
export { mapColumns, type ImportKind } from './columns.js';
export { parseDateTime, parsePhone, parseCents, parseRegistration, type RegistrationStatus } from './values.js';
export { formatSummary } from './format-summary.js';
