import { type CodeWidgetContent, CodeWidgetContentSchema, type Widget } from '@coderoom/contracts';
import { CourseReviewState, ShotLicense } from '@coderoom/domain';
import type { Db } from '../../platform/db/database.js';
import type { ContentService } from '../content/content.service.js';
import { findShotByUrl } from './shots.repository.js';
import { languageIdOf, SEED_ANSWERS, type SeedAnswer } from './shots.seedData.js';
import type { ShotsService } from './shots.service.js';

/** A demo answer's widgets: its explanation and its runnable example. */
export function componentsOf(answer: SeedAnswer): Widget[] {
  const code: CodeWidgetContent = CodeWidgetContentSchema.parse({
    language: languageIdOf(answer.topic),
    code: answer.code,
    runnable: true,
  });
  return [
    { type: 'MarkdownEditor', comp_id: 'explanation', content: { text: answer.text } },
    { type: 'Code', comp_id: 'example', content: code },
  ];
}

/**
 * Writes, publishes and approves the demo answers through the answers service, as an author and an
 * admin would. Idempotent: an answer whose url exists is left alone.
 */
export async function seedAnswers(
  deps: { db: Db; content: ContentService; shots: ShotsService },
  authorId: number,
): Promise<string[]> {
  const created: string[] = [];
  for (const answer of SEED_ANSWERS) {
    if (await findShotByUrl(deps.db, answer.url)) continue;
    const draft = await deps.shots.create(authorId, answer.title);
    await deps.shots.save(authorId, draft.shotId, draft.etag, {
      title: answer.title,
      url: answer.url,
      components: componentsOf(answer),
      tags: [answer.topic.toLowerCase()],
      programming_tags: [answer.topic],
      topic_tags: answer.topicTags,
      license: ShotLicense.Product,
      difficulty: 1000,
    });
    await deps.shots.publish(authorId, draft.shotId);
    // The admin's approval (POST /api/admin/review/{id} in the app).
    await deps.content.setReviewState(deps.db, draft.shotId, CourseReviewState.Approved);
    created.push(answer.url);
  }
  return created;
}
