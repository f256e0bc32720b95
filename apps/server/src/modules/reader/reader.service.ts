import type {
  CourseHome,
  FeaturedItemsResponse,
  LandingPageDetails,
  LessonNeighbour,
  ReaderWidget,
} from '@coderoom/contracts';
import { LISTING_PAGE_SIZE, SEARCH_STRING_MAX } from '@coderoom/contracts';
import { CourseReviewState, type OrganizationScope, VersionState, WorkType } from '@coderoom/domain';
import { notFound } from '../../platform/http/errors.js';
import type { PreparedJson } from '../../platform/http/preparedJson.js';
import { lessonUrl } from '../content/content.presenter.js';
import type { Caller, CollectionView, ContentService } from '../content/content.service.js';
import type { LearnerPart, ProgressService } from '../progress/progress.service.js';
import { lessonJson, sharedLessonHead, VISITOR_LESSON } from './lesson.body.js';
import { DISCOVERABLE_WORK_TYPES, type FeaturedQuery, minutesFor, workTypesFor } from './reader.filters.js';

// The reader's use-cases: discovery, course homepages and lessons, each with the learner's progress.

export interface ReaderDeps {
  content: ContentService;
  progress: ProgressService;
  /** An organization member's bounds: listings leave out what their subscription does not include. */
  organizations?: { scopeFor(userId: number | null): Promise<OrganizationScope | null> };
}

const LISTED = [CourseReviewState.Approved, CourseReviewState.ApprovedForEarlyAccess];

const TOPIC_TAGS: Record<string, { topic: string; title: string; description: string }> = {
  python: { topic: 'Python', title: 'Learn Python', description: 'Courses and paths for writing Python.' },
  typescript: {
    topic: 'TypeScript',
    title: 'Learn TypeScript',
    description: 'Typed JavaScript, from first steps.',
  },
  javascript: { topic: 'JavaScript', title: 'Learn JavaScript', description: 'The language of the web.' },
  cpp: { topic: 'C++', title: 'Learn C++', description: 'Fast, close-to-the-metal C++.' },
  rust: { topic: 'Rust', title: 'Learn Rust', description: 'Safe systems programming with Rust.' },
  go: { topic: 'Go', title: 'Learn Go', description: 'Simple, concurrent programs in Go.' },
};

function presentCourse(
  view: CollectionView,
  prerequisiteCourses: CourseHome['collection']['prerequisite_courses'],
  pathCourses: CourseHome['collection']['path_courses'],
): CourseHome['collection'] {
  return {
    ...view.card,
    skills: view.skills,
    target_audience: view.targetAudience,
    takeaway_skills: view.takeawaySkills,
    prerequisites: view.prerequisites,
    prerequisite_courses: prerequisiteCourses,
    overview: view.overview,
    version_state: view.version?.state ?? VersionState.Draft,
    review_state: view.collection.reviewState,
    is_draft_view: view.isDraftView,
    can_edit: view.canEdit,
    ...(pathCourses ? { path_courses: pathCourses } : {}),
  };
}

/** A lesson's shared part as JSON (lesson.body.ts), and the prepared answer for visitors. */
interface SharedLessonJson {
  /** The presented widgets it was made from: the published version's cache entry keeps them. */
  components: ReaderWidget[];
  head: string;
  visitor: PreparedJson | null;
}

export function createReaderService({ content, progress, organizations }: ReaderDeps) {
  const scopeFor = async (userId: number | null) => (organizations ? organizations.scopeFor(userId) : null);
  // Prepared lesson answers, held only as long as the objects they were made from are kept by their
  // caches (weak keys): the shared part per published view and page, a learner's answer per learner part.
  const sharedLessons = new WeakMap<CollectionView, Map<number, SharedLessonJson>>();
  const learnerLessons = new WeakMap<LearnerPart, { shared: SharedLessonJson; answer: PreparedJson }>();

  async function courseHome(caller: Caller | null, view: CollectionView): Promise<CourseHome> {
    const learner = caller === null ? null : await progress.learnerState(caller.userId, view, null);
    const related = await relatedTo(view, await scopeFor(caller?.userId ?? null));
    const isPath = view.card.work_type === WorkType.Path;
    const pathCourses = isPath ? await content.cardsFor(view.pathCourseIds) : undefined;
    const prerequisiteCourses =
      !isPath && !view.isDraftView ? await content.coursesBefore(view.collection.id) : [];
    return {
      collection: presentCourse(view, prerequisiteCourses, pathCourses),
      toc: view.toc,
      progress: learner?.progress ?? null,
      is_pinned: learner?.isPinned ?? false,
      related,
    };
  }

  /** Other published items on the same language topic (or sharing a tag), best matches first. */
  async function relatedTo(view: CollectionView, scope: OrganizationScope | null) {
    const { items } = await content.search({
      scope,
      search: '',
      workTypes: DISCOVERABLE_WORK_TYPES,
      topic: view.card.language_topic,
      difficulty: null,
      onlyFree: false,
      onlyEarlyAccess: false,
      reviewStates: LISTED,
      tag: view.card.language_topic ? null : (view.card.tags[0] ?? null),
      limit: 4,
      offset: 0,
    });
    return items.filter((item) => item.collection_id !== view.collection.id).slice(0, 3);
  }

  return {
    async featured(userId: number | null, query: FeaturedQuery): Promise<FeaturedItemsResponse> {
      const page = query.page ?? 1;
      const scope = query.scope ?? 'all';
      const { items, total } = await content.search({
        scope: await scopeFor(userId),
        search: query.search_string.slice(0, SEARCH_STRING_MAX),
        workTypes: query.only_courses ? [WorkType.Course] : workTypesFor(query.type ?? 'all'),
        topic: query.topic ?? null,
        difficulty: query.difficulty ?? null,
        onlyFree: scope === 'free',
        onlyEarlyAccess: scope === 'early-access',
        reviewStates: scope === 'early-access' ? [CourseReviewState.ApprovedForEarlyAccess] : LISTED,
        tag: null,
        ...minutesFor(query.duration),
        sort: query.sort ?? 'relevance',
        limit: LISTING_PAGE_SIZE,
        offset: (page - 1) * LISTING_PAGE_SIZE,
      });
      return { items, total, page, page_size: LISTING_PAGE_SIZE };
    },

    async landingPage(userId: number | null, tag: string): Promise<LandingPageDetails> {
      const known = TOPIC_TAGS[tag.toLowerCase()];
      const { items } = await content.search({
        scope: await scopeFor(userId),
        search: '',
        workTypes: DISCOVERABLE_WORK_TYPES,
        topic: known?.topic ?? null,
        difficulty: null,
        onlyFree: false,
        onlyEarlyAccess: false,
        reviewStates: LISTED,
        tag: known ? null : tag.toLowerCase(),
        limit: LISTING_PAGE_SIZE,
        offset: 0,
      });
      if (!known && items.length === 0) throw notFound();
      return {
        tag,
        title: known?.title ?? `Learn ${tag}`,
        description: known?.description ?? `Courses and paths tagged ${tag}.`,
        items,
      };
    },

    /** Every listed item's friendly path, as a logged-out visitor finds them (the site map). */
    async cataloguePaths(): Promise<string[]> {
      const paths: string[] = [];
      for (let offset = 0; ; offset += LISTING_PAGE_SIZE) {
        const { items, total } = await content.search({
          scope: null,
          search: '',
          workTypes: DISCOVERABLE_WORK_TYPES,
          topic: null,
          difficulty: null,
          onlyFree: false,
          onlyEarlyAccess: false,
          reviewStates: LISTED,
          tag: null,
          limit: LISTING_PAGE_SIZE,
          offset,
        });
        paths.push(...items.map((item) => item.url));
        if (items.length === 0 || offset + LISTING_PAGE_SIZE >= total) return paths;
      }
    },

    async homeByCode(caller: Caller | null, encodedId: string): Promise<CourseHome> {
      return courseHome(caller, await content.viewByCode(caller, encodedId));
    },

    async homeById(caller: Caller | null, authorId: number, collectionId: number, draft: boolean) {
      return courseHome(caller, await content.viewById(caller, authorId, collectionId, draft));
    },

    /**
     * A lesson as JSON ready to send (docs/performance.md, "Prepared lesson answers"). Every rule runs on
     * every request, as before: the content rules (visibility, organization, preview, entitlement by the
     * clock) and the learner's state (recording the visit). Only the answer built from what they return
     * is kept: the shared part per cached view object and page, the whole answer per cached learner
     * part. Those objects are the ones the change-cleared caches hand out, replaced on any change, so
     * the same objects mean the same answer; a draft or a path's view is built fresh and never reused.
     */
    async lesson(
      caller: Caller | null,
      authorId: number,
      collectionId: number,
      pageId: number,
      draft: boolean,
    ): Promise<PreparedJson> {
      const { view, page, components } = await content.lesson(caller, authorId, collectionId, pageId, draft);
      // The learner's part (progress, pin, widget data, the visit) in one read beside the cached content.
      const learner =
        caller === null ? null : await progress.learnerState(caller.userId, view, { pageId, authorId });
      const reusable = !view.isDraftView && view.card.work_type !== WorkType.Path;
      const pages = reusable ? sharedLessons.get(view) : undefined;
      let shared = pages?.get(pageId);
      if (shared?.components !== components) {
        const pathCourses =
          view.card.work_type === WorkType.Path ? await content.cardsFor(view.pathCourseIds) : undefined;
        const index = view.lessons.findIndex((lesson) => lesson.pageId === pageId);
        const neighbour = (offset: number): LessonNeighbour | null => {
          const lesson = view.lessons[index + offset];
          return lesson
            ? {
                page_id: lesson.pageId,
                title: lesson.title,
                url: lessonUrl(authorId, collectionId, lesson.pageId, draft),
              }
            : null;
        };
        shared = {
          components,
          head: sharedLessonHead({
            page: {
              page_id: pageId,
              title: page.title,
              summary: page.summary,
              is_optional: page.isOptional,
              estimated_minutes: page.estimatedMinutes,
              components,
            },
            // A lesson shows the course's outline and progress; related content is for the homepage.
            course: presentCourse(view, [], pathCourses),
            toc: view.toc,
            previous: neighbour(-1),
            next: neighbour(1),
          }),
          visitor: null,
        };
        if (reusable) sharedLessons.set(view, (pages ?? new Map()).set(pageId, shared));
      }
      if (learner === null) {
        shared.visitor ??= lessonJson(shared.head, VISITOR_LESSON);
        return shared.visitor;
      }
      const known = learnerLessons.get(learner);
      if (known?.shared === shared) return known.answer;
      const progressPart = learner.progress ?? null;
      const answer = lessonJson(shared.head, {
        is_completed: progressPart?.completed_page_ids.includes(pageId) ?? false,
        progress: progressPart,
        widget_data: learner.widgetData,
      });
      if (reusable) learnerLessons.set(learner, { shared, answer });
      return answer;
    },
  };
}

export type ReaderService = ReturnType<typeof createReaderService>;
