import { createHash } from 'node:crypto';

// Deterministic stand-in embeddings for the fake OpenAI-compatible endpoints of tests and bench:ai
// (`/v1/embeddings`). A hashed bag of concepts: words are lower-cased, split at camelCase, stemmed
// crudely, stop words dropped, and mapped through a small synonym table, so "fix a car" and "mend an
// automobile" land on the same dimensions, as a real embedding model would place them near each other.
// Each concept adds to one signed dimension chosen by its hash. Cosine similarity then measures shared
// concepts: real neighbours, not canned answers. It knows far fewer synonyms than a model.

export const FAKE_EMBEDDING_DIMENSIONS = 256;

const STOP_WORDS = new Set(
  (
    'a an and are as at be by can do does for from has have how i if in into is it its me my of on or so ' +
    'that the their then there these this to was we what when where which who why will with you your ' +
    'should would could let get use using make all each any'
  ).split(' '),
);

/** Groups of words a model would embed close together; the first word names the concept. */
const SYNONYMS: readonly string[][] = [
  ['repair', 'fix', 'mend', 'patch'],
  ['vehicle', 'car', 'automobile', 'auto', 'truck'],
  ['gearbox', 'transmission', 'gear'],
  ['wait', 'block', 'await', 'hold', 'until'],
  ['finish', 'done', 'complete', 'end', 'terminate', 'exit'],
  ['concurrent', 'goroutine', 'thread', 'parallel', 'background', 'task'],
  ['stop', 'cancel', 'abort', 'halt', 'shutdown'],
  ['error', 'failure', 'fault', 'exception', 'panic'],
  ['read', 'input', 'scan', 'ingest'],
  ['write', 'output', 'print', 'emit'],
  ['list', 'array', 'slice', 'vector', 'sequence'],
  ['dictionary', 'map', 'hash', 'dict', 'table'],
  ['function', 'func', 'method', 'procedure', 'routine'],
  ['loop', 'iterate', 'repeat', 'cycle'],
  ['engine', 'motor'],
];

const CONCEPT = new Map<string, string>();
for (const group of SYNONYMS) for (const word of group) CONCEPT.set(word, group[0] ?? word);

function stem(word: string): string {
  for (const suffix of ['ing', 'ed', 'es', 's']) {
    if (word.length > suffix.length + 3 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

export function fakeConcepts(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map((word) => CONCEPT.get(word) ?? CONCEPT.get(stem(word)) ?? stem(word));
}

/** The fake model's embedding of a text (not normalised: the server normalises every vector it gets). */
export function fakeEmbedding(text: string, dimensions = FAKE_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const concept of fakeConcepts(text)) {
    const digest = createHash('sha256').update(concept).digest();
    const index = digest.readUInt32BE(0) % dimensions;
    vector[index] = (vector[index] ?? 0) + ((digest[4] ?? 0) & 1 ? 1 : -1);
  }
  // An empty text still needs a direction: a tiny constant one that resembles nothing.
  if (!vector.some((value) => value !== 0)) vector[0] = 1e-3;
  return vector;
}

/** The body of an OpenAI `/v1/embeddings` answer for a request body (`input`: a string or strings). */
export function fakeEmbeddingsResponse(body: { model?: string; input?: string | string[] }) {
  const inputs = typeof body.input === 'string' ? [body.input] : (body.input ?? []);
  return {
    object: 'list',
    model: body.model ?? 'fake-embedding',
    data: inputs.map((input, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(input) })),
    usage: { prompt_tokens: 0, total_tokens: 0 },
  };
}
