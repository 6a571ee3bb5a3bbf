export { createChatwootClient, ChatwootError, type ChatwootClient, type ChatwootOptions } from './chatwoot-client.js';
