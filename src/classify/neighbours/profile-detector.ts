import { createDetector, type Detection, type Rule } from './detector.js';
import type { Exemplar } from './exemplars.js';
import type { ProfileLabel } from '../labels.js';

const RULES: Rule<ProfileLabel>[] = [
  {
    label: 'junior',
    pattern:
      /\b(recem (formad\w*|graduad\w*)|acabei de (me )?formar|(me )?formei (agora|ano passado|esse ano|este ano|mes passado|semana passada|ha pouco)|crm (novo|saiu|acabou de sair|recente|provisorio)|primeiro (plantao|emprego)|pouca experiencia|(sem|nao tenho) (muita )?experiencia|(estou|to) comecando|comecando agora|residente|internato|ainda (estou )?aprendendo|insegur\w*|nunca (fiz|peguei) (plantao|ps|uti))\b/,
  },
  {
    label: 'senior',
    pattern:
      /\b(\d{2} anos (de|como|formad\w*|na|em|que)|(anos|decadas) de (experiencia|plantao|profissao|formado|formada|medicina|estrada)|sou (chefe|coordenador\w*|preceptor\w*|diretor\w*|staff)|ja fui (chefe|coordenador\w*|diretor\w*)|na minha epoca|ja (vi|fiz) de tudo|nao preciso (que|de) (me )?(explica\w*|ensina\w*)|conheco (bem )?(o mercado|todos os hospitais))\b/,
  },
  {
    label: 'preco_sensivel',
    pattern:
      /\b(quanto (paga|e o plantao|esta pagando|fica|vai pagar|voces pagam|cai)|qual (e )?o valor|(so|depende do|primeiro o|antes o) valor|(o que|quem) pagar mais|(me )?(manda|mande|passa) o valor|liquido|bruto|valor (da |por )?hora|quanto (eu )?recebo|(maior|melhor) valor|paga melhor)\b/,
  },
  {
    label: 'qualidade_focado',
    pattern:
      /\b((como|qual) (e|esta) a (estrutura|equipe|retaguarda)|estrutura (do|da) (hospital|lugar|ps|uti)|(bom|boa) (estrutura|equipe|retaguarda)|(tem|com) (uti|retaguarda|tomografia|tomo|laboratorio|suporte de especialista)|qualidade do (hospital|atendimento|servico|lugar)|hospital (de referencia|bem estruturado|organizado|de qualidade)|acreditad\w*|(so|prefiro) (trabalho em |pego em )?(hospital|hospitais|lugar\w*) (bom|bons|de qualidade|top|grande\w*|estruturad\w*))\b/,
  },
  {
    label: 'conservador',
    pattern:
      /\b(prefiro (o que ja conheco|lugar que (ja )?conheco|hospital que (ja )?conheco|nao arriscar|seguranca)|(mais|com|de) seguranca|(tenho|com) receio|nao gosto de (mudar|mudanca|novidade|risco|arriscar)|sempre (trabalhei|fiz|faco) (no|na|nos|em)|so (trabalho|faco|pego) (em|no|na)( lugar| hospital)? (que )?(ja )?conheco|com calma|sem pressa|vou pensar|preciso pensar|(quero|prefiro) (ver|conhecer|visitar) (antes|primeiro)|cautel\w*|pe no chao)\b/,
  },
  {
    label: 'aventureiro',
    pattern:
      /\b(topo (qualquer|tudo|de tudo)|qualquer (lugar|coisa|hospital|cidade|horario|plantao|um)|(adoro|gosto de|curto) (desafio\w*|novidade\w*|variar|conhecer|lugar\w* novo\w*|viajar)|pode mandar (qualquer|tudo|o que tiver)|(de )?ultima hora|encaro|viajo|(sem|nao tem) problema (de )?(ir|viajar|distancia)|desafio\w*|outra cidade de boa)\b/,
  },
  {
    label: 'eficiente',
    pattern:
      /\b(direto ao ponto|(seja|sendo|vai) (direta|direto|objetiva|objetivo)|sem enrolacao|sem rodeio\w*|(manda|mande) (tudo|logo|direto)|resumindo|resume|numa (mensagem|mensagens) so|rapidinho|objetiv\w*|(valor|local|data|horario|endereco) e (local|valor|data|horario|endereco)|pode (reservar|confirmar|por meu nome)|fechado)\b/,
  },
];

export interface ProfileDetector {
  /** `history` holds earlier messages from the doctor, oldest first. */
  detect(text: string, history?: string[]): Detection<ProfileLabel>;
}

/**
 * A profile is a trait of the person, not of one message: every message the
 * doctor wrote votes, the current one counts double, and kNN over the whole
 * conversation answers when no rule fires anywhere.
 */
export function createProfileDetector(exemplars: Exemplar[]): ProfileDetector {
  const single = createDetector<ProfileLabel>({ rules: RULES, exemplars, minSimilarity: 0.3, minShare: 0.4 });
  const rulesOnly = createDetector<ProfileLabel>({ rules: RULES, exemplars: [], minSimilarity: 1, minShare: 1 });
  return {
    detect(text, history = []) {
      const messages = history.filter((h) => h.trim());
      if (messages.length === 0) return single.detect(text);
      const votes = new Map<ProfileLabel, number>();
      const cast = (message: string, weight: number) => {
        const d = rulesOnly.detect(message);
        if (d.label) votes.set(d.label, (votes.get(d.label) ?? 0) + weight);
      };
      messages.forEach((m) => cast(m, 1));
      cast(text, 2);
      const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1]);
      if (ranked.length > 0) {
        const total = ranked.reduce((s, [, w]) => s + w, 0);
        return { label: ranked[0]![0], confidence: Math.round(Math.min(0.9, 0.5 + (0.4 * ranked[0]![1]) / total) * 100) / 100, via: 'rule' };
      }
      const now = single.detect(text);
      if (now.label) return now;
      return single.detect([...messages, text].join('\n'));
    },
  };
}
