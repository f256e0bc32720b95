import type { ChunkMatch } from './ai.repository.js';

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

export function scoreOf(match: ChunkMatch & { languageBonus?: number }): number {
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

export function isRelevant(match: ChunkMatch): boolean {
  return (
    match.coverage >= Relevance.minCoverage || match.identifierSimilarity >= Relevance.minIdentifierSimilarity
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
