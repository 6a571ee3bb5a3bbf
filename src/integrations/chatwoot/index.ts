export { createChatwootClient, ChatwootError, type ChatwootAttachment, type ChatwootClient, type ChatwootOptions } from './chatwoot-client.js';
