/**
 * Hybrid retrieval and detector latency. Run: node --import tsx bench/retrieval.ts
 * Migrated in-memory PGlite, knowledge/ indexed with the local embedder, plus
 * 10,000 synthetic chunks. Query embeddings are computed beforehand, so the
 * figures exclude the embedding call (a network round trip with Voyage).
 */
import { readFileSync } from 'node:fs';
import { createPgliteDb, migrate } from '../src/db/index.js';
import {
  createDetectors,
  createKnowledge,
  createLocalEmbedder,
  indexKnowledge,
  KNOWLEDGE_DIR,
  localEmbedding,
  toVectorLiteral,
} from '../src/retrieval/index.js';
import { sha256Hex } from '../src/shared/ids.js';

const SYNTHETIC = Number(process.env.BENCH_SYNTHETIC ?? 10_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 400);

const VOCAB = (
  'plantao hospital valor pagamento escala noturno diurno pronto socorro uti enfermaria clinica medica pediatria ' +
  'cirurgia ortopedia cardiologia neurologia anestesia obstetricia regiao zona sul norte leste oeste centro abc ' +
  'guarulhos osasco campinas santos documento cadastro contrato repasse nota fiscal pj rpa prazo dias semana mes ' +
  'coordenador equipe estrutura retaguarda exame laboratorio tomografia paciente atendimento fila demanda porta ' +
  'aberta sala vermelha ambulancia transferencia prontuario sistema ponto troca cobertura folga feriado domingo'
).split(' ');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const round = (n: number) => Math.round(n * 1000) / 1000;

async function main() {
  const db = await createPgliteDb();
  await migrate(db);
  const embedder = createLocalEmbedder();
  const indexed = await indexKnowledge({ db, embedder, dir: KNOWLEDGE_DIR });

  let seed = 42;
  const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff) / 0x7fffffff);
  const t0 = performance.now();
  for (let start = 0; start < SYNTHETIC; start += 500) {
    const batch = [];
    for (let i = start; i < Math.min(SYNTHETIC, start + 500); i++) {
      // Real text is Zipfian: a few domain words, mostly a long tail. One word in
      // five comes from the domain list, the rest from 5,000 pseudo-words.
      const words = Array.from({ length: 40 + Math.floor(rand() * 60) }, () =>
        rand() < 0.2 ? VOCAB[Math.floor(rand() * VOCAB.length)]! : `termo${Math.floor(rand() * rand() * 5_000)}`,
      );
      const content = `${words.join(' ')} (${i})`;
      batch.push({
        source: `synthetic/${Math.floor(i / 20)}.md`,
        heading: `Sintetico ${i}`,
        chunk_index: i % 20,
        content,
        content_hash: sha256Hex(`synthetic ${i}`),
        embedding: toVectorLiteral(localEmbedding(content)),
      });
    }
    await db.rpc('knowledge_sync', { p_model: embedder.model, p_chunks: batch, p_prune: false });
  }
  const insertMs = performance.now() - t0;

  const queries = readFileSync(new URL('../tests/fixtures/classification/eval.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { text: string }).text);
  const embeddings = queries.map((q) => localEmbedding(q));
  const { retriever } = createKnowledge({ db, embedder });

  for (let i = 0; i < 50; i++) await retriever.retrieve(queries[i % queries.length]!, { k: 5, embedding: embeddings[i % queries.length]! });
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const j = i % queries.length;
    const start = performance.now();
    await retriever.retrieve(queries[j]!, { k: 5, embedding: embeddings[j]! });
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);

  // Each path on its own, to see which one dominates.
  const path = async (fn: string, args: (j: number) => Record<string, unknown>) => {
    const t: number[] = [];
    for (let i = 0; i < Math.min(ITERATIONS, 200); i++) {
      const start = performance.now();
      await db.rpc(fn, args(i % queries.length));
      t.push(performance.now() - start);
    }
    t.sort((a, b) => a - b);
    return { p50: round(percentile(t, 50)), p99: round(percentile(t, 99)) };
  };
  const vectorMs = await path('knowledge_vector_search', (j) => ({
    p_embedding: toVectorLiteral(embeddings[j]!), p_model: embedder.model, p_k: 20, p_threshold: retriever.threshold,
  }));
  const textMs = await path('knowledge_text_search', (j) => ({ p_query: queries[j]!, p_model: embedder.model, p_k: 20 }));
  // What the retriever calls since 0217: ranks only, then the kept chunks' text.
  const vectorCandidatesMs = await path('knowledge_vector_candidates', (j) => ({
    p_embedding: toVectorLiteral(embeddings[j]!), p_model: embedder.model, p_k: 20, p_threshold: retriever.threshold,
  }));
  const textCandidatesMs = await path('knowledge_text_candidates', (j) => ({ p_query: queries[j]!, p_model: embedder.model, p_k: 20 }));

  const detectors = createDetectors();
  for (const q of queries) detectors.detect(q);
  const detect: number[] = [];
  for (let r = 0; r < 3; r++) {
    for (const q of queries) {
      const start = performance.now();
      detectors.detect(q, ['oi, tudo bem?', 'qual o valor?']);
      detect.push(performance.now() - start);
    }
  }
  detect.sort((a, b) => a - b);

  const state = await db.rpc<{ chunks: number }>('knowledge_index_state_get');
  console.log(
    JSON.stringify({
      chunks: { knowledge: indexed.chunks, synthetic: SYNTHETIC, total: state.chunks },
      syntheticInsertMs: Math.round(insertMs),
      hybridRetrievalMs: { iterations: ITERATIONS, p50: round(percentile(times, 50)), p99: round(percentile(times, 99)), max: round(times.at(-1)!), targetP99: 20 },
      // *_search: 20 candidates with their text (before 0217); *_candidates: ranks only (the retriever's paths now).
      paths: { vectorMs, textMs, vectorCandidatesMs, textCandidatesMs },
      detectorsPerMessageMs: { messages: detect.length, p50: round(percentile(detect, 50)), p99: round(percentile(detect, 99)), mean: round(detect.reduce((s, t) => s + t, 0) / detect.length), target: 5 },
      note: 'embedding excluded (precomputed query vectors); PGlite in process, cache off',
    }),
  );
  await db.close();
}

await main();
