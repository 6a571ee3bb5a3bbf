import fc from 'fast-check';

/**
 * Payload arbitraries shared by every fuzzed route: real payloads mutated one
 * field at a time, and hostile raw bodies (huge, deep, truncated, not UTF-8).
 * Route-agnostic: a route only supplies its seed payloads and body cap.
 */

/** Fixed seed for CI; FUZZ_RUNS=2000 (and FUZZ_SEED) for a longer hunt by hand. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 1313);
export const fuzzRuns = (ciDefault: number) => Number(process.env.FUZZ_RUNS ?? 0) || ciDefault;

/** fast-check parameters: shrinking a failure costs hundreds of requests, so only with FUZZ_SHRINK=1. */
export const fuzzParams = (ciRuns: number) => ({ seed: FUZZ_SEED, numRuns: fuzzRuns(ciRuns), endOnFailure: process.env.FUZZ_SHRINK !== '1' });

export const UNICODE_EDGES = [
  '', ' ', '\u0000', '\uD800', '\uDFFF', '\uFEFF', '\u202E', '\u200B\u200D', '\u2028\u2029', '\uFFFD', '\uFFFF',
  '👩🏽‍⚕️', '🇧🇷', 'ǅ', 'İ', 'ß', 'é'.normalize('NFD'), '𝐏𝐀𝐑𝐀', 'ｎãｏ', '%00', '\\u0000', '${{7*7}}', '<script>', "'; drop table doctors; --",
  '5511999998888@s.whatsapp.net', 'status@broadcast', '123@g.us', '999@lid',
];

/** A value of another JSON type (or a hostile one) to put where a field was. */
const replacement: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constantFrom(...UNICODE_EDGES),
  fc.constantFrom(0, -1, 1.5, 1e300, -1e300, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, true, false),
  fc.constantFrom({}, [], [[]], { toString: 1 }, { valueOf: 1, toString: 1 }, { low: 1e300 }, { __proto__: { x: 1 } }),
  fc.integer({ min: 10_000, max: 300_000 }).map((n) => 'ç'.repeat(n)),
  fc.nat({ max: 60 }).map((d) => nest(d, 'x')),
  fc.jsonValue({ maxDepth: 3 }),
);

function nest(depth: number, leaf: unknown): unknown {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { message: v };
  return v;
}

type Path = Array<string | number>;

function paths(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (value && typeof value === 'object' && at.length < 12) {
    for (const [k, v] of Object.entries(value)) paths(v, [...at, Array.isArray(value) ? Number(k) : k], out);
  }
  return out;
}

type Op = { kind: 'replace'; value: unknown } | { kind: 'delete' } | { kind: 'extra'; key: string; value: unknown } | { kind: 'wrap' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: replacement.map((value) => ({ kind: 'replace' as const, value })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'delete' as const }) },
  { weight: 2, arbitrary: fc.tuple(fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'viewOnceMessage', 'extendedTextMessage', 'protocolMessage')), replacement).map(([key, value]) => ({ kind: 'extra' as const, key, value })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'wrap' as const }) },
);

/** splice without Symbol.species: an 'extra' op may have given the array an own `constructor` key. */
function removeAt(list: unknown[], at: number): void {
  for (let i = at; i < list.length - 1; i++) list[i] = list[i + 1];
  list.length = Math.max(0, list.length - 1);
}

function apply(root: unknown, path: Path, o: Op): unknown {
  if (path.length === 0) return o.kind === 'replace' ? structuredClone(o.value) : o.kind === 'wrap' ? [root] : root;
  const parent = path.slice(0, -1).reduce<any>((v, k) => v?.[k], root);
  const key = path[path.length - 1]!;
  if (!parent || typeof parent !== 'object') return root;
  // Clone: constantFrom hands out the same instance every run, and later ops mutate in place.
  if (o.kind === 'replace') parent[key] = structuredClone(o.value);
  else if (o.kind === 'delete') Array.isArray(parent) ? removeAt(parent, Number(key)) : delete parent[key];
  else if (o.kind === 'wrap') parent[key] = { message: parent[key] };
  else if (parent[key] && typeof parent[key] === 'object') Object.defineProperty(parent[key], o.key, { value: structuredClone(o.value), enumerable: true, configurable: true, writable: true });
  return root;
}

/** A real payload with 1 to 4 fields mutated (types swapped, removed, huge, unicode, nested, extra keys). */
export function mutated(seeds: unknown[]): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.constantFrom(...seeds), fc.array(fc.tuple(fc.nat(), op), { minLength: 1, maxLength: 4 }))
    .map(([seed, ops]) => {
      let doc = structuredClone(seed);
      for (const [pick, o] of ops) {
        const all = paths(doc);
        doc = apply(doc, all[pick % all.length]!, o);
      }
      return doc;
    });
}

export interface RawBody {
  label: string;
  body: Uint8Array;
  contentType?: string | undefined;
}

const enc = new TextEncoder();
const text = (label: string, s: string, contentType?: string): RawBody => ({ label, body: enc.encode(s), contentType });

/** Bodies that are not a well-formed payload at all. `limit` is the route's byte cap. */
export function hostileBodies(seeds: unknown[], limit: number): fc.Arbitrary<RawBody> {
  const seedJson = fc.constantFrom(...seeds.map((s) => JSON.stringify(s)));
  return fc.oneof(
    fc.constant(text('empty', '')),
    seedJson.chain((s) => fc.nat({ max: s.length - 1 }).map((n) => text('truncated', s.slice(0, n)))),
    fc.constantFrom('[', ']', '[[', '{"a":', 'null', 'true', '0', '"x"', '[]', '{}', '{"event":null}', '\uFEFF{}', 'nul', '1e999').map((s) => text('tiny', s)),
    fc.integer({ min: 1_000, max: 100_000 }).map((d) => text('deep-arrays', '['.repeat(d) + ']'.repeat(d))),
    fc.integer({ min: 1_000, max: 50_000 }).map((d) => text('deep-objects', '{"a":'.repeat(d) + '1' + '}'.repeat(d))),
    fc.integer({ min: 1, max: 3 }).map((k) => text('over-limit', `{"pad":"${'a'.repeat(limit * k)}"}`)),
    fc.uint8Array({ minLength: 1, maxLength: 2_000 }).map((b) => ({ label: 'random-bytes', body: b })),
    seedJson.chain((s) =>
      fc.tuple(fc.nat({ max: s.length }), fc.constantFrom([0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xc0, 0xaf])).map(([at, bad]) => {
        const b = enc.encode(s);
        return { label: 'invalid-utf8', body: new Uint8Array([...b.subarray(0, at), ...bad, ...b.subarray(at)]) };
      }),
    ),
    seedJson.chain((s) =>
      fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', '', 'application/xml').map((ct) => text('content-type', s, ct)),
    ),
    fc.string({ unit: 'binary', maxLength: 500 }).map((s) => text('random-text', s)),
  );
}

/** Builds a JSON text nested `depth` levels without recursion (JSON.stringify would overflow first). */
export function deepJson(depth: number, open: string, close: string, leaf: string): string {
  return open.repeat(depth) + leaf + close.repeat(depth);
}
