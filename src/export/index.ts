export { CSV_BOM, CSV_DELIMITER, csvField, csvRow } from './csv.js';
export { formatReais, formatSaoPaulo } from './sao-paulo-format.js';
export { exportReport, REPORT_KINDS } from './report-export.js';
