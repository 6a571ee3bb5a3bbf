export { createChatwootClient, ChatwootError, type ChatwootAttachment, type ChatwootClient, type ChatwootOptions, type ChatwootStatus } from './chatwoot-client.js';
export type { LabelChange } from './chatwoot-labels.js';
