import type { ChunkMatch, NearChunk } from './ai.repository.js';

// How a section's match becomes a relevance score, and when the best one is good enough to answer.
// The weights were tuned on bench/ai (npm run bench:ai); docs/ai.md explains them.

export const Relevance = {
  /** Share of the question's (rarity-weighted) words a section must contain to answer on its own. */
  minCoverage: 0.4,
  /** A named identifier (WaitGroup, bufio.Scanner) this similar to a section's answers by itself. */
  minIdentifierSimilarity: 0.8,
  /** Further passages are shown only when nearly as relevant as the best one. */
  companionRatio: 0.8,
  maxPassages: 3,
  /** Added to the score of a section whose course is about the language the question names. */
  languageBonus: 0.15,
} as const;

/**
 * What hybrid retrieval adds to a match (docs/ai.md): its embedding's cosine similarity to the question's,
 * its reciprocal-rank-fusion score, and whether the similarity alone makes it relevant.
 */
export interface HybridFields {
  similarity?: number;
  fused?: number;
  nearEnough?: boolean;
}

export function scoreOf(match: ChunkMatch & { languageBonus?: number } & HybridFields): number {
  if (match.fused !== undefined) return match.fused;
  return (
    match.coverage * 0.6 +
    Math.min(match.rank, 1) * 0.2 +
    match.identifierSimilarity * 0.4 +
    (match.languageBonus ?? 0)
  );
}

/** Language topics (as courses name them) and the words a question uses for them. */
const LANGUAGE_WORDS: ReadonlyArray<[topic: string, pattern: RegExp]> = [
  // "Go" capitalised after another word ("in Go"); a lowercase go is the verb or the command.
  ['Go', /(?<=\S\s+)Go\b|\b[Gg]olang\b/],
  ['Python', /\bpython3?\b/i],
  ['C++', /(^|\s)(c\+\+|cpp)(\s|$|[?.,!])/i],
  ['Rust', /\brust\b/i],
  ['TypeScript', /\b(typescript|ts)\b/i],
  ['JavaScript', /\b(javascript|js|node)\b/i],
];

/** The languages a question names ("in Go", "Python", "C++"). */
export function languagesNamedIn(question: string): string[] {
  return LANGUAGE_WORDS.filter(([, pattern]) => pattern.test(question)).map(([topic]) => topic);
}

/** A question naming a language prefers sections of courses about it. */
export function preferLanguage<Match extends ChunkMatch>(
  matches: readonly Match[],
  languages: readonly string[],
): Array<Match & { languageBonus: number }> {
  return matches.map((match) => ({
    ...match,
    languageBonus:
      languages.length > 0 && match.languageTopic !== null && languages.includes(match.languageTopic)
        ? Relevance.languageBonus
        : 0,
  }));
}

export function isRelevant(match: ChunkMatch & HybridFields): boolean {
  return (
    match.nearEnough === true ||
    match.coverage >= Relevance.minCoverage ||
    match.identifierSimilarity >= Relevance.minIdentifierSimilarity
  );
}

/** The best relevant section and those nearly as good, one per section, best first. */
export function pickPassages(matches: readonly ChunkMatch[]): ChunkMatch[] {
  const ranked = matches
    .filter(isRelevant)
    .map((match) => ({ match, score: scoreOf(match) }))
    .sort((a, b) => b.score - a.score);
  const best = ranked[0];
  if (!best) return [];
  const seen = new Set<string>();
  const picked: ChunkMatch[] = [];
  for (const { match, score } of ranked) {
    const key = `${match.pageId}#${match.anchor}`;
    if (seen.has(key) || score < best.score * Relevance.companionRatio) continue;
    seen.add(key);
    picked.push(match);
    if (picked.length === Relevance.maxPassages) break;
  }
  return picked;
}

/** Reciprocal rank fusion's constant: ranks beyond the first few count nearly alike (Cormack et al.). */
export const RRF_K = 60;

/**
 * Hybrid ranking: the text ranking (coverage, rank, identifiers, language) and the embedding ranking
 * (cosine similarity, plus the same language bonus) fused by reciprocal rank: Σ 1 / (RRF_K + rank). A
 * section found by its embedding alone enters with no text evidence and is relevant when its similarity
 * reaches `minSimilarity`; one found by text keeps its text relevance.
 */
export function fuseHybrid(
  text: ReadonlyArray<ChunkMatch & { languageBonus: number }>,
  near: readonly NearChunk[],
  languages: readonly string[],
  minSimilarity: number,
): Array<ChunkMatch & { languageBonus: number } & HybridFields> {
  const byId = new Map<number, ChunkMatch & { languageBonus: number } & HybridFields>();
  [...text]
    .sort((a, b) => scoreOf(b) - scoreOf(a) || a.id - b.id)
    .forEach((match, index) => {
      byId.set(match.id, { ...match, fused: 1 / (RRF_K + index + 1) });
    });
  const nearRanked = preferLanguage(
    near.map((chunk) => ({ ...chunk, rank: 0, coverage: 0, identifierSimilarity: 0 })),
    languages,
  ).sort((a, b) => b.similarity + b.languageBonus - (a.similarity + a.languageBonus) || a.id - b.id);
  nearRanked.forEach((chunk, index) => {
    const known = byId.get(chunk.id) ?? { ...chunk, fused: 0 };
    byId.set(chunk.id, {
      ...known,
      similarity: chunk.similarity,
      nearEnough: chunk.similarity >= minSimilarity,
      fused: (known.fused ?? 0) + 1 / (RRF_K + index + 1),
    });
  });
  return [...byId.values()];
}
