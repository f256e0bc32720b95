import type { LanguageId, Widget } from '@coderoom/contracts';
import { sectionAnchor } from '@coderoom/domain';

// A lesson is indexed section by section: each heading starts a section, and the code widgets that
// follow it belong to it. Only what every reader of the lesson sees is indexed: starter code, never a
// solution, hidden code or test data.

export interface LessonSection {
  position: number;
  heading: string;
  anchor: string;
  /** The prose, as Markdown without the platform's markup. */
  body: string;
  code: string | null;
  language: LanguageId | null;
  /** Identifier-like words from the code and inline code, space-separated. */
  identifiers: string;
}

const HEADING = /^(#{1,4})\s+(.+?)(?:\s*\{#[\w-]+\})?\s*$/;
const FENCE = /^(```|~~~)\s*([\w+#-]*)\s*$/;
/** `{{keyword:goroutine|A lightweight thread…}}` reads as its word. */
const KEYWORD_MARKUP = /\{\{[a-z]+:([^|}]+)(?:\|[^}]*)?\}\}/g;
const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*(?:(?:\.|::)[A-Za-z_][A-Za-z0-9_]*)*/g;
const MAX_CODE_CHARS = 4000;
const MAX_IDENTIFIERS = 300;

interface Draft {
  heading: string;
  prose: string[];
  code: string[];
  language: LanguageId | null;
}

function languageOf(tag: string): LanguageId | null {
  const known: Record<string, LanguageId> = {
    go: 'go',
    golang: 'go',
    python: 'python3',
    py: 'python3',
    python3: 'python3',
    js: 'javascript',
    javascript: 'javascript',
    jsx: 'javascript',
    ts: 'typescript',
    typescript: 'typescript',
    tsx: 'typescript',
    cpp: 'c++',
    'c++': 'c++',
    rust: 'rust',
    rs: 'rust',
    java: 'java',
  };
  return known[tag.toLowerCase()] ?? null;
}

/** Words a learner might type as a name: WaitGroup, bufio.Scanner, unique_ptr, std::vector. */
export function identifiersIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(IDENTIFIER)) {
    const word = match[0];
    if (word.length >= 3) found.add(word);
  }
  return [...found];
}

/** Identifier-looking words in a question: mixed case inside, dots, colons or underscores, or `quoted`. */
export function questionIdentifiers(question: string): string[] {
  const found = new Set<string>();
  for (const match of question.matchAll(/`([^`]+)`/g)) {
    for (const word of identifiersIn(match[1] ?? '')) found.add(word);
  }
  for (const word of question.match(IDENTIFIER) ?? []) {
    if (/[a-z][A-Z]|^[A-Z][a-z]+[A-Z]|[._]|::/.test(word) && word.length >= 3) found.add(word);
  }
  return [...found].slice(0, 8);
}

/** `WaitGroup` is also searched as "wait group", `read_line` as "read line". */
export function splitIdentifier(word: string): string {
  return word
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._:]+/g, ' ')
    .toLowerCase();
}

function plainProse(markdown: string): string {
  return markdown.replace(KEYWORD_MARKUP, '$1').trim();
}

function widgetCode(widget: Widget): { code: string; language: LanguageId | null } | null {
  switch (widget.type) {
    case 'Code':
      return { code: widget.content.code, language: widget.content.language };
    case 'TabbedCode':
      return {
        code: widget.content.tabs.map((tab) => tab.code).join('\n\n'),
        language: widget.content.tabs[0]?.language ?? null,
      };
    case 'RunJS':
      return { code: widget.content.js, language: 'javascript' };
    default:
      return null;
  }
}

/** Splits a published lesson's widgets into sections; the intro (before any heading) is titled by the lesson. */
export function sectionsOf(lessonTitle: string, widgets: readonly Widget[]): LessonSection[] {
  const drafts: Draft[] = [{ heading: lessonTitle, prose: [], code: [], language: null }];
  const current = () => drafts[drafts.length - 1] as Draft;

  const addCode = (code: string, language: LanguageId | null) => {
    if (!code.trim()) return;
    const section = current();
    section.code.push(code.trimEnd());
    section.language ??= language;
  };

  const addMarkdown = (text: string) => {
    let fence: { marker: string; language: LanguageId | null; lines: string[] } | null = null;
    for (const line of text.split('\n')) {
      const fenceMatch = FENCE.exec(line.trim());
      if (fence) {
        if (fenceMatch && line.trim().startsWith(fence.marker) && !fenceMatch[2]) {
          addCode(fence.lines.join('\n'), fence.language);
          fence = null;
        } else fence.lines.push(line);
        continue;
      }
      if (fenceMatch) {
        fence = { marker: fenceMatch[1] ?? '```', language: languageOf(fenceMatch[2] ?? ''), lines: [] };
        continue;
      }
      const heading = HEADING.exec(line);
      if (heading) {
        drafts.push({ heading: plainProse(heading[2] ?? ''), prose: [], code: [], language: null });
        continue;
      }
      current().prose.push(line);
    }
    if (fence) addCode(fence.lines.join('\n'), fence.language);
  };

  const visit = (widget: Widget) => {
    if (widget.type === 'MarkdownEditor') addMarkdown(widget.content.text);
    else if (widget.type === 'SlateHTML') current().prose.push(htmlToText(widget.content.html));
    else if (widget.type === 'Columns') {
      for (const child of widget.content.comps) visit(child as Widget);
    } else {
      const code = widgetCode(widget);
      if (code) addCode(code.code, code.language);
    }
  };
  widgets.forEach(visit);

  return drafts
    .map((draft, position) => {
      const body = plainProse(draft.prose.join('\n'));
      const code = draft.code.join('\n\n').slice(0, MAX_CODE_CHARS);
      const inline = [...body.matchAll(/`([^`]+)`/g)].map((match) => match[1]).join(' ');
      return {
        position,
        heading: draft.heading,
        anchor: position === 0 ? '' : sectionAnchor(draft.heading),
        body,
        code: code || null,
        language: draft.language,
        identifiers: identifiersIn(`${inline}\n${code}`).slice(0, MAX_IDENTIFIERS).join(' '),
      };
    })
    .filter((section) => section.body.length > 0 || section.code !== null);
}

function htmlToText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
