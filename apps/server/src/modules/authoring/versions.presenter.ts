import type { CollectionVersionEntry, VersionPage, Widget } from '@coderoom/contracts';
import type { PageVersionRow } from '../../db/schema.js';
import type { ContentService } from '../content/content.service.js';

type VersionSummary = Awaited<ReturnType<ContentService['versionHistory']>>[number]['version'];

// Published versions → the version history's shapes (editors only: widgets keep every field).

export function presentVersionEntry(
  version: VersionSummary,
  lessons: Array<{ pageId: number; title: string }>,
): CollectionVersionEntry {
  return {
    version_no: version.versionNo,
    state: version.state,
    is_early_access: version.isEarlyAccess,
    published_at: version.publishedAt?.toISOString() ?? null,
    title: version.title,
    lesson_count: version.lessonCount,
    lessons: lessons.map((lesson) => ({ page_id: lesson.pageId, title: lesson.title })),
  };
}

export function presentVersionPage(page: PageVersionRow): VersionPage {
  return {
    page_id: page.pageId,
    title: page.title,
    summary: page.summary,
    estimated_minutes: page.estimatedMinutes,
    components: page.components as Widget[],
  };
}
