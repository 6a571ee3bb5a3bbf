import { fileURLToPath } from 'node:url';

/** The repository's knowledge/ folder: playbooks and detector exemplars. */
export const KNOWLEDGE_DIR = fileURLToPath(new URL('../../knowledge', import.meta.url));
export { EXEMPLARS_DIR } from '../classify/index.js';
