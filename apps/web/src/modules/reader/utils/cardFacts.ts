import type { CollectionCard } from '@coderoom/contracts';
import { countOf, levelLabel, minutesLabel } from '@coderoom/domain';

/** Lesson count and reading time only mean something for courses. */
const HAS_LESSONS = new Set(['course', 'mini_course']);

/** The facts a learner compares on a card, in the order they read them: level, size, length, learners. */
export function cardFacts(
  card: Pick<
    CollectionCard,
    'difficulty' | 'work_type' | 'lesson_count' | 'estimated_minutes' | 'learner_count'
  >,
): string[] {
  const facts = [levelLabel(card.difficulty)];
  if (HAS_LESSONS.has(card.work_type)) {
    facts.push(countOf(card.lesson_count, 'lesson'));
    if (card.estimated_minutes > 0) facts.push(minutesLabel(card.estimated_minutes));
  }
  if (card.learner_count > 0) facts.push(countOf(card.learner_count, 'learner'));
  return facts;
}
