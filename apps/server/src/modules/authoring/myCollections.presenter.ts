import type { MyCollectionItem, MyCollectionRole } from '@coderoom/contracts';
import { WorkType } from '@coderoom/domain';
import type { MyCollectionRow } from './myCollections.repository.js';

function roleOf(row: MyCollectionRow): MyCollectionRole {
  if (row.access === null) return 'owner';
  return row.access === 'editor' ? 'editor' : 'viewer';
}

/** The studio screen that edits a collection (spec 000 §2 "Editor routes"). */
export function editorUrlOf(
  workType: string,
  authorId: number,
  collectionId: number,
  projectId: number | null = null,
  labId: number | null = null,
): string {
  if (workType === WorkType.StandaloneCloudLab && labId !== null) {
    return `/cloudlabeditor/${authorId}/${collectionId}/${labId}`;
  }
  // A project made on /teach gets its project when its editor first opens; until then, the collection editor.
  if (workType === WorkType.StandaloneProject && projectId !== null) {
    return `/projecteditor/${authorId}/${collectionId}/${projectId}`;
  }
  if (workType === WorkType.SkillAssessment)
    return `/assessmenteditor/${authorId}/${collectionId}/${collectionId}`;
  if (workType === WorkType.Questionnaire) {
    return `/assessmenteditor/${authorId}/${collectionId}/${collectionId}?assessment_type=questionnaire`;
  }
  const screen = workType === WorkType.Path ? 'patheditor' : 'collectioneditor';
  return `/${screen}/${authorId}/${collectionId}`;
}

export function presentMyCollection(row: MyCollectionRow): MyCollectionItem {
  const itemCount =
    row.workType === WorkType.Path
      ? (row.details.path_courses ?? []).length
      : row.toc.reduce((count, category) => count + category.pages.length, 0);
  return {
    author_id: row.authorId,
    collection_id: row.id,
    encoded_id: row.encodedId,
    work_type: row.workType,
    title: row.title,
    status: row.status,
    review_state: row.reviewState,
    submission_type: row.submissionType,
    updated_at: row.updatedAt.toISOString(),
    role: roleOf(row),
    item_count: itemCount,
    live_version_no: row.liveVersionNo,
    editor_url: editorUrlOf(row.workType, row.authorId, row.id, row.projectId, row.labId),
  };
}
