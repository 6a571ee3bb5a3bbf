import { sha256Hex } from '../shared/ids.js';

export interface Chunk {
  /** Path relative to the knowledge root, with forward slashes. */
  source: string;
  /** Heading path, outermost first, joined with " > ". */
  heading: string;
  chunkIndex: number;
  content: string;
  contentHash: string;
}

export interface ChunkOptions {
  /** Soft upper bound in characters; a section longer than this is split. */
  maxChars?: number;
  /** A trailing piece shorter than this is merged into the previous one. */
  minChars?: number;
}

interface Section {
  headings: string[];
  body: string;
}

function sections(markdown: string): Section[] {
  const out: Section[] = [];
  const stack: string[] = [];
  let body: string[] = [];
  let inFence = false;
  const flush = () => {
    const text = body.join('\n').trim();
    if (text) out.push({ headings: [...stack], body: text });
    body = [];
  };
  for (const line of markdown.split(/\r?\n/)) {
    if (/^```/.test(line)) inFence = !inFence;
    const m = inFence ? null : /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (m) {
      flush();
      const level = m[1]!.length;
      stack.length = Math.min(stack.length, level - 1);
      while (stack.length < level - 1) stack.push('');
      stack.push(m[2]!);
    } else {
      body.push(line);
    }
  }
  flush();
  return out;
}

/** Paragraphs first, then sentences: a split never cuts a sentence in half. */
function split(text: string, maxChars: number, minChars: number): string[] {
  if (text.length <= maxChars) return [text];
  const units = text
    .split(/\n\s*\n/)
    .flatMap((p) => (p.length <= maxChars ? [p.trim()] : (p.match(/[^.!?\n]+(?:[.!?]+|\n|$)/g) ?? [p]).map((s) => s.trim())))
    .filter(Boolean);
  const pieces: string[] = [];
  let current = '';
  for (const unit of units) {
    if (current && current.length + unit.length + 1 > maxChars) {
      pieces.push(current);
      current = unit;
    } else {
      current = current ? `${current}\n${unit}` : unit;
    }
  }
  if (current) {
    if (pieces.length > 0 && current.length < minChars) pieces[pieces.length - 1] += `\n${current}`;
    else pieces.push(current);
  }
  return pieces;
}

/**
 * Splits a markdown file by heading, then by size. Each chunk keeps its heading
 * path, so a retrieved piece says where in the playbook it came from.
 */
export function chunkMarkdown(source: string, markdown: string, opts: ChunkOptions = {}): Chunk[] {
  const maxChars = opts.maxChars ?? 900;
  const minChars = opts.minChars ?? 200;
  const chunks: Chunk[] = [];
  const seen = new Set<string>();
  for (const section of sections(markdown)) {
    const heading = section.headings.filter(Boolean).join(' > ');
    for (const content of split(section.body, maxChars, minChars)) {
      const contentHash = sha256Hex(`${source}\u0000${heading}\u0000${content}`);
      // Two identical pieces under one heading add nothing and would collide on the hash.
      if (seen.has(contentHash)) continue;
      seen.add(contentHash);
      chunks.push({ source, heading, chunkIndex: chunks.length, content, contentHash });
    }
  }
  return chunks;
}

/** The text that is embedded: the heading path gives a short piece its topic. */
export function embeddingText(chunk: Pick<Chunk, 'heading' | 'content'>): string {
  return chunk.heading ? `${chunk.heading}\n${chunk.content}` : chunk.content;
}
