export { handleSupervisorReply, type SupervisorMessage } from './supervisor-reply.js';
export { handBack, type HandbackResult } from './handback.js';
