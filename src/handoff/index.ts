export { handleSupervisorReply, type SupervisorMessage } from './supervisor-reply.js';
export { handBack, type HandbackResult } from './handback.js';
export { handoffDraftNoteText, supervisorNoteText } from './supervisor-note-text.js';
