export { handleSupervisorReply, type SupervisorMessage } from './supervisor-reply.js';
export { handBack, type HandbackResult } from './handback.js';
export { handoffDraftNoteText, supervisorNoteText } from './supervisor-note-text.js';
export { applyChatwootControl, writeContactProfile, contactAttributeDefinitions, CONTACT_ATTRIBUTES, type ChatwootConventions } from './chatwoot-control.js';
export { loadMirrorMedia, mediaLabel, mediaMissingNote, MediaTooLarge, MIRRORED_MEDIA_KINDS, MAX_MIRROR_MEDIA_BYTES, type FetchMedia } from './mirror-media.js';
export { expireHumanControl, expiredNoteText, type ExpiredHandoff } from './expire-human-control.js';
