import type {
  MyShot,
  ReaderWidget,
  ShotCard,
  ShotDocker,
  ShotDraftResponse,
  ShotResponse,
  Widget,
} from '@coderoom/contracts';
import type { ShotRow } from '../../db/schema.js';

export interface ShotContentView {
  shot: ShotRow;
  authorId: number;
  authorName: string;
  title: string;
  tags: string[];
  publishedAt: Date | null;
}

function base(view: ShotContentView) {
  return {
    shotId: view.shot.collectionId,
    title: view.title,
    url: view.shot.url,
    author_id: view.authorId,
    collection_id: view.shot.collectionId,
    page_id: view.shot.pageId,
    author: { id: view.authorId, name: view.authorName },
    docker: dockerOf(view.shot),
    tags: view.tags,
    programming_tags: view.shot.programmingTags,
    topic_tags: view.shot.topicTags,
    readTime: view.shot.readTime,
    published_at: view.publishedAt?.toISOString() ?? null,
  };
}

function dockerOf(shot: ShotRow): ShotDocker {
  const docker = shot.docker as Partial<ShotDocker>;
  return {
    envs: docker.envs ?? [],
    jobs: docker.jobs ?? [],
    ...(docker.container ? { container: docker.container } : {}),
  };
}

export function presentShot(
  view: ShotContentView,
  status: 'published' | 'draft',
  components: ReaderWidget[],
  etag?: string,
): ShotResponse {
  return { ...base(view), status, content: { components }, ...(etag ? { etag } : {}) };
}

export function presentDraft(view: ShotContentView, components: Widget[], etag: string): ShotDraftResponse {
  return { ...base(view), status: 'draft', content: { components }, etag };
}

export function presentCard(row: {
  shot: ShotRow;
  authorId: number;
  authorName: string;
  title: string;
  summary: string;
  tags: string[];
  publishedAt: Date | null;
  likes: number;
}): ShotCard {
  return {
    shotId: row.shot.collectionId,
    title: row.title,
    url: row.shot.url,
    summary: row.summary,
    author: { id: row.authorId, name: row.authorName },
    programming_tags: row.shot.programmingTags,
    topic_tags: row.shot.topicTags,
    tags: row.tags,
    readTime: row.shot.readTime,
    shotLikes: row.likes,
    published_at: row.publishedAt?.toISOString() ?? null,
  };
}

export function presentMine(row: {
  shot: ShotRow;
  title: string;
  reviewState: number;
  updatedAt: Date;
  live: boolean;
}): MyShot {
  return {
    shotId: row.shot.collectionId,
    title: row.title,
    url: row.shot.url,
    reviewState: row.reviewState,
    isPublished: row.live,
    updated_at: row.updatedAt.toISOString(),
  };
}
