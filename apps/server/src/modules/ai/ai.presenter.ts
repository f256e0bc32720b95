import type { AiCitation, AiPassage, AiSearchResponse, LanguageId } from '@coderoom/contracts';
import { LanguageIdSchema } from '@coderoom/contracts';
import type { ChunkMatch } from './ai.repository.js';

/** An extract is a few paragraphs, enough to answer, short enough to read in the dropdown. */
const EXCERPT_CHARS = 700;

export function citationOf(match: ChunkMatch): AiCitation {
  const hash = match.anchor ? `#${match.anchor}` : '';
  return {
    course_title: match.courseTitle,
    lesson_title: match.lessonTitle,
    section: match.heading,
    url: `/collection/page/${match.authorId}/${match.collectionId}/${match.pageId}${hash}`,
  };
}

/** Whole paragraphs from the start of the section, up to the length of an extract. */
export function excerptOf(body: string): string {
  const paragraphs = body.split(/\n\s*\n/).map((paragraph) => paragraph.trim());
  const kept: string[] = [];
  let length = 0;
  for (const paragraph of paragraphs) {
    if (!paragraph) continue;
    if (kept.length > 0 && length + paragraph.length > EXCERPT_CHARS) break;
    kept.push(
      paragraph.length > EXCERPT_CHARS ? `${paragraph.slice(0, EXCERPT_CHARS).trimEnd()}…` : paragraph,
    );
    length += paragraph.length;
  }
  return kept.join('\n\n');
}

function languageOf(value: string | null): LanguageId | null {
  const parsed = LanguageIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const FENCE_TAG: Record<LanguageId, string> = {
  python3: 'python',
  javascript: 'javascript',
  typescript: 'typescript',
  'c++': 'cpp',
  go: 'go',
  rust: 'rust',
  java: 'java',
};

export function passageOf(match: ChunkMatch): AiPassage {
  return {
    citation: citationOf(match),
    text: excerptOf(match.body),
    code: match.code,
    language: languageOf(match.codeLanguage),
  };
}

/** The extractive answer: each passage under its section's name, with its code and its source. */
export function presentExtractive(matches: ChunkMatch[]): AiSearchResponse {
  const passages = matches.map(passageOf);
  const answer = passages
    .map((passage, index) => {
      const { citation } = passage;
      const parts = [`### ${citation.section}`];
      if (passage.text) parts.push(passage.text);
      if (passage.code) {
        const tag = passage.language ? FENCE_TAG[passage.language] : '';
        parts.push(`\`\`\`${tag}\n${passage.code}\n\`\`\``);
      }
      parts.push(`[${index + 1}] [${citation.lesson_title} — ${citation.section}](${citation.url})`);
      return parts.join('\n\n');
    })
    .join('\n\n');
  return { mode: 'extractive', answer, passages, citations: passages.map((passage) => passage.citation) };
}
