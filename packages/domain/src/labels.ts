// What people read instead of stored identifiers: one place turns work types, levels and counts into
// words, so no page shows `standalone_project` or "1 lessons".

import { WorkType } from './content.js';

const WORK_TYPE_LABELS: Record<string, string> = {
  [WorkType.Course]: 'Course',
  [WorkType.Path]: 'Skill path',
  [WorkType.Collection]: 'Collection',
  [WorkType.Module]: 'Module',
  [WorkType.MiniCourse]: 'Mini course',
  [WorkType.SkillAssessment]: 'Skill assessment',
  [WorkType.StandaloneProject]: 'Project',
  [WorkType.Questionnaire]: 'Questionnaire',
  [WorkType.EnterpriseAssessment]: 'Assessment',
  [WorkType.StandaloneCloudLab]: 'Cloud lab',
  [WorkType.Lesson]: 'Lesson',
  [WorkType.Task]: 'Task',
  [WorkType.Answer]: 'Answer',
  [WorkType.Track]: 'Track',
  [WorkType.Redirect]: 'Redirect',
  [WorkType.PersonalizedPath]: 'Personalized path',
};

/**
 * Any identifier as words: `STANDALONE_PROJECT`, `standalone_project` and `CloudLabWorkspace` become
 * "Standalone project" and "Cloud lab workspace". The fallback for values without a label of their own.
 */
export function humanize(identifier: string): string {
  const words = identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '';
}

/** A work type as a learner names it ("Skill path", "Cloud lab"). */
export function workTypeLabel(workType: string): string {
  return WORK_TYPE_LABELS[workType.toLowerCase()] ?? humanize(workType);
}

const LEVEL_LABELS: Record<string, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  easy: 'Easy',
  medium: 'Medium',
  hard: 'Hard',
};

/** A difficulty level with its capital letter. */
export function levelLabel(level: string): string {
  return LEVEL_LABELS[level.toLowerCase()] ?? humanize(level);
}

const IRREGULAR_PLURALS: Record<string, string> = {
  person: 'people',
  child: 'children',
  reply: 'replies',
  category: 'categories',
  quiz: 'quizzes',
  match: 'matches',
};

function pluralOf(noun: string): string {
  const irregular = IRREGULAR_PLURALS[noun];
  if (irregular) return irregular;
  if (/(?:s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

/** The noun for a count: plural(1, 'lesson') is "lesson", plural(2, 'lesson') is "lessons". */
export function pluralNoun(count: number, singular: string, plural?: string): string {
  return Math.abs(count) === 1 ? singular : (plural ?? pluralOf(singular));
}

/** A count and its noun: countOf(1, 'lesson') → "1 lesson", countOf(1200, 'learner') → "1,200 learners". */
export function countOf(count: number, singular: string, plural?: string): string {
  return `${count.toLocaleString('en-US')} ${pluralNoun(count, singular, plural)}`;
}

/** Reading or course time: "45 min", "1 h", "2 h 30 min". */
export function minutesLabel(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** A large count kept short for a card: 950, "1.2k", "12k", "1.5M". */
export function compactCount(count: number): string {
  if (count < 1000) return String(count);
  const [value, suffix] = count < 1_000_000 ? [count / 1000, 'k'] : [count / 1_000_000, 'M'];
  const shown = value < 10 ? Math.floor(value * 10) / 10 : Math.floor(value);
  return `${String(shown)}${suffix}`;
}

/**
 * At most `max` characters of `text`, cut at the end of a word and closed with an ellipsis; white space
 * runs become one space. A single word longer than `max` is cut inside it, as nothing else fits.
 */
export function excerpt(text: string, max: number): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const room = Math.max(1, max - 1);
  const head = plain.slice(0, room + 1);
  const lastSpace = head.lastIndexOf(' ');
  const cut = lastSpace > 0 ? head.slice(0, lastSpace) : plain.slice(0, room);
  return `${cut.replace(/[\s.,;:!?–—-]+$/u, '')}…`;
}
