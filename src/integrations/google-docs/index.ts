export { createGoogleDocsReader, DocumentError, type DocumentReaderOptions } from './google-docs-reader.js';
