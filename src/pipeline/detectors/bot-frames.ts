import type { Rule } from './rules.js';

/**
 * Bot-suspicion frames added after reading set 7 (h14-detectors8). The older rules read a question about
 * what we are; set 7's misses state it as known ("eu sei que é bot"), compare us to an assistant ("tipo a
 * Alexa"), set a condition or a test ("se for IA me avisa", "prova que não é robô"), judge the replies as
 * canned ("parece script", "ou é resposta pronta?") or inhuman ("ninguém é humano assim"), address the machine
 * with an insult ("bot safado", "sai fora robô"), or ask for someone "de carne e osso".
 */
const MACHINE = '(?:robo|robozinho|bot|chatbot|maquina|ia|inteligencia artificial|software|programa|sistema automatico|assistente virtual)';
export const BOT_FRAMES: readonly Rule[] = [
  { name: 'knows_is_machine', confidence: 0.85, pattern: new RegExp(`\\b(?:sei|tenho certeza|ja saquei|saquei|percebi|ta na cara|obvio|claro) (?:que|q) (?:(?:voce|tu|isso|aqui) )?(?:e|eh|ta sendo) (?:um |uma )?${MACHINE}\\b`) },
  { name: 'like_an_assistant', confidence: 0.85, pattern: /\b(?:voce|tu|isso) (?:e|eh|parece|ta parecendo) (?:tipo|igual|que nem|feito) (?:a |o |um |uma )?(?:alexa|siri|cortana|google|chatgpt|gpt|robo|bot|maquina)\b/ },
  { name: 'if_machine', confidence: 0.85, pattern: new RegExp(`\\bse (?:(?:voce|tu|isso|aqui) )?(?:for|e|eh|fosse) (?:um |uma )?${MACHINE}\\b`) },
  { name: 'prove_human', confidence: 0.9, pattern: /\bprova (?:que|q|pra mim que) (?:(?:voce|tu) )?(?:nao e|e|eh) (?:um |uma )?(?:robo|bot|maquina|ia|humano|humana|gente|real|de verdade|pessoa)\b/ },
  { name: 'canned_replies', confidence: 0.8, pattern: /\b(?:parec\w*|cara de|e um|so um|tipo um|ta parecendo) script\b|\bou (?:e |eh )?(?:uma )?resposta (?:pronta|automatica)\b|\bninguem (?:e |eh )?(?:humano|gente) assim\b/ },
  // The machine addressed: "bot safado", "sai fora robô". The speaker as subject ("não sou robô") is vetoed by the caller's rules.
  { name: 'machine_addressed', confidence: 0.85, pattern: /\b(?:robo|bot|chatbot|robozinho) (?:safado|burro|idiota|inutil|maldito|chato|de merda|lixo)\b|\b(?:sai fora|vaza|some|cala a boca|tchau|para|valeu) (?:seu )?(?:robo|bot|robozinho)\b/ },
  { name: 'flesh_and_blood', confidence: 0.85, pattern: /\b(?:alguem|pessoa|gente|humano|humana|atendente) de carne e osso\b/ },
];
