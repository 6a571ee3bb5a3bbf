export { handleSupervisorReply, type SupervisorMessage } from './supervisor-reply.js';
