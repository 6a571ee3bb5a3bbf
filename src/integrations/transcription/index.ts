export { createTranscriptionClient, endpointOf, fileNameFor, TranscriptionError, type Transcriber, type TranscriptionOptions } from './transcription-client.js';
