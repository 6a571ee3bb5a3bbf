export { transcribeVoiceNote, type SpeechToText, type TranscribeDeps, type TranscribeOutcome, type TranscribeRequest } from './transcribe-voice-note.js';
export { decodeAudio, loadVoiceAudio, voiceNoteAwaitingWords, MAX_VOICE_NOTE_BASE64, MAX_VOICE_NOTE_BYTES, VoiceNoteTooLarge, voiceFileName, type FetchMedia, type VoiceAudio } from './voice-audio.js';
