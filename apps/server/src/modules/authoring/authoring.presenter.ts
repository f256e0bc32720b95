import type {
  AuthorCollectionResponse,
  AuthorPage,
  AuthorVersion,
  CollectionCard,
  PageSnapshot,
  PageSnapshotSummary,
  ReviewQueueItem,
  Widget,
} from '@coderoom/contracts';
import { WorkType } from '@coderoom/domain';
import type { CollectionRow, CollectionVersionRow, PageRow } from '../../db/schema.js';
import type { CollectionView } from '../content/content.service.js';
import type { CollectionReviewRow, PageSnapshotSummaryRow } from './authoring.repository.js';

// Rows → the studio's shapes. Editors get every widget field (hidden tests, solutions): these answers
// only ever go to people who may edit the content.

export function presentVersion(version: Omit<CollectionVersionRow, 'searchDocument'>): AuthorVersion {
  return {
    version_no: version.versionNo,
    state: version.state,
    is_early_access: version.isEarlyAccess,
    published_at: version.publishedAt?.toISOString() ?? null,
  };
}

export function presentAuthorCollection(
  view: CollectionView,
  statusChoices: number[],
  live: Omit<CollectionVersionRow, 'searchDocument'> | null,
  lastReview: CollectionReviewRow | undefined,
  pathCourses: CollectionCard[],
): AuthorCollectionResponse {
  const { collection } = view;
  const details = collection.details;
  return {
    collection: {
      author_id: collection.authorId,
      collection_id: collection.id,
      encoded_id: collection.encodedId,
      work_type: collection.workType,
      course_type: collection.courseType,
      title: collection.title,
      slug: collection.slug,
      summary: collection.summary,
      cover_image_url: collection.coverImageUrl,
      difficulty: collection.difficulty,
      language_topic: collection.languageTopic,
      tags: collection.tags,
      is_free: collection.isFree,
      is_private: collection.isPrivate,
      organization_id: collection.organizationId,
      is_plan: collection.isPlan,
      is_template: collection.isTemplate,
      is_global: collection.isGlobal,
      enable_collaborative_editor: collection.collaborativeEditing,
      overview: details.overview ?? '',
      skills: details.skills ?? [],
      target_audience: details.target_audience ?? [],
      takeaway_skills: details.takeaway_skills ?? [],
      prerequisites: details.prerequisites ?? [],
      status: collection.status,
      status_choices: statusChoices,
      review_state: collection.reviewState,
      submission_type: collection.submissionType,
      last_review: lastReview
        ? {
            review_state: lastReview.reviewState,
            submission_type: lastReview.submissionType,
            reason: lastReview.reason,
            created_at: lastReview.createdAt.toISOString(),
          }
        : null,
      live_version: live ? presentVersion(live) : null,
      can_edit: view.canEdit,
      url: view.card.url,
      path_courses: pathCourses,
    },
    // The reader's presenter shows an empty title as 'Untitled Category'; editors also get it as stored.
    toc: view.toc.map((category, index) => ({
      ...category,
      stored_title: collection.toc[index]?.title ?? category.title,
    })),
    etag: collection.etag,
  };
}

export function presentAuthorPage(page: PageRow, collection: CollectionRow): AuthorPage {
  return {
    page_id: page.id,
    author_id: collection.authorId,
    collection_id: collection.id,
    item_type: page.itemType,
    title: page.title,
    summary: page.summary,
    estimated_minutes: page.estimatedMinutes,
    status: page.status,
    components: page.components as Widget[],
    etag: page.etag,
    updated_at: page.updatedAt.toISOString(),
  };
}

export function presentSnapshotSummary(row: PageSnapshotSummaryRow): PageSnapshotSummary {
  return {
    snapshot_id: row.id,
    page_id: row.pageId,
    etag: row.etag,
    title: row.title,
    saved_by: row.savedBy,
    saved_by_name: row.savedByName,
    saved_at: row.savedAt.toISOString(),
  };
}

export function presentSnapshot(
  row: PageSnapshotSummaryRow & { summary: string; components: unknown[] },
): PageSnapshot {
  return {
    ...presentSnapshotSummary(row),
    summary: row.summary,
    components: row.components as Widget[],
  };
}

export function presentQueueItem(
  collection: CollectionRow,
  authorName: string,
  submittedAt: Date | undefined,
): ReviewQueueItem {
  return {
    author_id: collection.authorId,
    collection_id: collection.id,
    work_type: collection.workType,
    title: collection.title,
    author_name: authorName,
    submission_type: collection.submissionType,
    submitted_at: submittedAt?.toISOString() ?? null,
    // Answers are edited in the answer editor (spec 000 §2 /answereditor/{id}).
    url:
      collection.workType === WorkType.Answer
        ? `/answereditor/${collection.id}`
        : `/collectioneditor/${collection.authorId}/${collection.id}`,
  };
}
