export { parseInstructionNote, type InstructionNote } from './parse-instruction-note.js';
export { recordInstructionNote, type InstructionNoteDeps, type InstructionNoteInput } from './record-instruction-note.js';
export { quotesInstruction } from './instruction-quoted.js';
