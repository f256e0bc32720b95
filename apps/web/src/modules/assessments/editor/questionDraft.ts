import type {
  EditorQuestion,
  EditorQuestionContent,
  LanguageId,
  QuestionKind,
  SaveQuestionRequest,
} from '@coderoom/contracts';

// The question form's state, and its conversions from the server's question and to the save request.

export type Difficulty = EditorQuestionContent['difficulty'];

export interface OptionDraft {
  id: string;
  text: string;
  correct: boolean;
}

export interface QuestionDraft {
  kind: QuestionKind;
  difficulty: Difficulty;
  skill: string;
  text: string;
  options: OptionDraft[];
  explanation: string;
  language: LanguageId;
  starterCode: string;
  solution: string;
  testCases: Array<{ input: string; output: string }>;
}

export const KIND_LABELS: Record<QuestionKind, string> = {
  multiple_choice: 'Multiple choice',
  multiple_answer: 'Multiple answers',
  code: 'Code',
};

export const DIFFICULTY_LABELS: Record<Difficulty, string> = { 1000: 'Easy', 1001: 'Medium', 1002: 'Hard' };

/** The next free option id: a, b, … z, then o27, o28, … */
export function nextOptionId(options: readonly OptionDraft[]): string {
  const taken = new Set(options.map((option) => option.id));
  for (let code = 97; code <= 122; code += 1) {
    const id = String.fromCharCode(code);
    if (!taken.has(id)) return id;
  }
  let index = 27;
  while (taken.has(`o${index}`)) index += 1;
  return `o${index}`;
}

export function newQuestionDraft(skills: readonly string[], language: LanguageId | null): QuestionDraft {
  return {
    kind: 'multiple_choice',
    difficulty: 1001,
    skill: skills[0] ?? '',
    text: '',
    options: [
      { id: 'a', text: '', correct: true },
      { id: 'b', text: '', correct: false },
    ],
    explanation: '',
    language: language ?? 'python3',
    starterCode: '',
    solution: '',
    testCases: [{ input: '', output: '' }],
  };
}

export function toQuestionDraft(
  question: EditorQuestion,
  fallbackLanguage: LanguageId | null,
): QuestionDraft {
  const correct = new Set(question.protected_content.correct_option_ids);
  const { content } = question;
  return {
    kind: content.kind,
    difficulty: content.difficulty,
    skill: content.skill,
    text: content.text,
    options: content.options.map((option) => ({ ...option, correct: correct.has(option.id) })),
    explanation: question.protected_content.explanation ?? '',
    language: content.language ?? fallbackLanguage ?? 'python3',
    starterCode: content.starter_code ?? '',
    solution: question.protected_content.solution ?? '',
    testCases: question.protected_content.test_cases.length
      ? question.protected_content.test_cases
      : [{ input: '', output: '' }],
  };
}

/** The save request: both parts serialised, as the spec's client sends them. */
export function toSaveRequest(draft: QuestionDraft): SaveQuestionRequest {
  const isCode = draft.kind === 'code';
  const content: EditorQuestionContent = {
    kind: draft.kind,
    difficulty: draft.difficulty,
    skill: draft.skill,
    text: draft.text,
    options: isCode ? [] : draft.options.map(({ id, text }) => ({ id, text })),
    language: isCode ? draft.language : null,
    starter_code: isCode ? draft.starterCode : null,
  };
  const protectedContent = {
    correct_option_ids: isCode
      ? []
      : draft.options.filter((option) => option.correct).map((option) => option.id),
    explanation: draft.explanation.trim() ? draft.explanation : null,
    test_cases: isCode ? draft.testCases.filter((test) => test.input !== '' || test.output !== '') : [],
    solution: isCode ? draft.solution : null,
  };
  return { content: JSON.stringify(content), protected_content: JSON.stringify(protectedContent) };
}

/** Switching to multiple choice keeps a single correct option (the first one marked). */
export function withKind(draft: QuestionDraft, kind: QuestionKind): QuestionDraft {
  if (kind !== 'multiple_choice') return { ...draft, kind };
  const first = draft.options.findIndex((option) => option.correct);
  return {
    ...draft,
    kind,
    options: draft.options.map((option, index) => ({ ...option, correct: index === Math.max(first, 0) })),
  };
}
