import type {
  CollectionCard,
  Difficulty,
  LanguageTopic,
  PageEntry,
  ReaderWidget,
  TocCategory,
  Widget,
} from '@coderoom/contracts';
import { categoryTitle, DEFAULT_ITEM_TYPE, DefaultTitle } from '@coderoom/domain';
import type { CollectionRow, StoredTocCategory } from '../../db/schema.js';

// Rows → the reader's shapes. Protected widget data (hidden test cases, unit tests, hidden code) is
// removed here and nowhere else, so no route can leak it by accident.

/** The friendly route of an item (spec 000 §2: /{kind}/{slug}/{id}). */
const URL_KIND: Record<string, string> = {
  path: 'paths',
  skill_assessment: 'assessments',
  standalone_project: 'projects',
  standalone_cloud_lab: 'cloudlabs',
};

export function itemUrl(workType: string, slug: string, encodedId: string): string {
  const kind = URL_KIND[workType] ?? 'courses';
  return `/${kind}/${slug || 'untitled'}/${encodedId}`;
}

export function lessonUrl(authorId: number, collectionId: number, pageId: number, draft = false): string {
  return `/collection/page/${authorId}/${collectionId}/${pageId}${draft ? '/draft' : ''}`;
}

export interface CardSource {
  collection: CollectionRow;
  title: string;
  slug: string;
  summary: string;
  coverImageUrl: string | null;
  difficulty: string;
  languageTopic: string | null;
  tags: string[];
  isFree: boolean;
  isEarlyAccess: boolean;
  lessonCount: number;
  estimatedMinutes: number;
  authorName: string;
  learnerCount: number;
}

export function presentCard(source: CardSource): CollectionCard {
  const { collection } = source;
  return {
    author_id: collection.authorId,
    collection_id: collection.id,
    encoded_id: collection.encodedId,
    work_type: collection.workType,
    title: source.title,
    slug: source.slug,
    summary: source.summary,
    cover_image_url: source.coverImageUrl,
    difficulty: source.difficulty as Difficulty,
    language_topic: source.languageTopic as LanguageTopic | null,
    tags: source.tags,
    is_free: source.isFree,
    is_early_access: source.isEarlyAccess,
    lesson_count: source.lessonCount,
    estimated_minutes: source.estimatedMinutes,
    author_name: source.authorName,
    learner_count: source.learnerCount,
    url: itemUrl(collection.workType, source.slug, collection.encodedId),
  };
}

export interface TocPageInfo {
  title: string;
  slug: string;
  summary: string;
  estimatedMinutes: number;
  itemType: string;
}

export function presentToc(
  collection: CollectionRow,
  stored: StoredTocCategory[],
  pageInfo: Map<number, TocPageInfo>,
  options: { canEdit: boolean; draft: boolean; courseSlug: string },
): TocCategory[] {
  let index = 0;
  return stored.map((category) => ({
    title: category.title === DefaultTitle.HiddenCategory ? category.title : categoryTitle(category.title),
    editMode: false,
    type: category.type,
    author_id: collection.authorId,
    collection_id: collection.id,
    page_id: null,
    can_edit: options.canEdit,
    work_type: collection.workType,
    is_standalone_module: false,
    is_cloned: false,
    source_author_id: null,
    source_collection_id: null,
    source_page_id: null,
    is_recovered_category: category.is_recovered_category ?? false,
    pages: category.pages.flatMap((entry, parentPosition): PageEntry[] => {
      const info = pageInfo.get(entry.page_id);
      if (!info) return [];
      index += 1;
      return [
        {
          id: String(entry.page_id),
          page_id: entry.page_id,
          title: info.title,
          is_preview: entry.is_preview ?? false,
          parentIndex: parentPosition,
          editMode: false,
          is_recovered: false,
          type: info.itemType || DEFAULT_ITEM_TYPE,
          author_id: collection.authorId,
          collection_id: collection.id,
          course_url_slug: options.courseSlug,
          slug: info.slug,
          url: lessonUrl(collection.authorId, collection.id, entry.page_id, options.draft),
          work_type: collection.workType,
          can_edit: options.canEdit,
          is_standalone_module: false,
          is_template_module: false,
          is_cloned: false,
          source_author_id: null,
          source_collection_id: null,
          source_page_id: null,
          brief_summary: info.summary,
          estimatedTime: info.estimatedMinutes,
          page_count: index,
          is_optional: entry.is_optional ?? false,
          is_lesson: true,
        },
      ];
    }),
  }));
}

const KNOWN_TYPES = new Set([
  'MarkdownEditor',
  'Video',
  'SlateHTML',
  'Columns',
  'TabbedCode',
  'Code',
  'RunJS',
  'SPA',
  'CanvasAnimation',
  'Permutation',
  'Table',
  'Quiz',
  'WebpackBin',
  'Terminal',
  'VNC',
  'Android',
]);

/** A stored widget as the learner may see it. */
export function presentWidget(widget: Widget): ReaderWidget {
  if (!KNOWN_TYPES.has(widget.type)) {
    const unknown = widget as { type: string; comp_id: string; content: unknown };
    return { type: unknown.type, comp_id: unknown.comp_id, content: null, unsupported: true };
  }
  if (widget.type === 'Columns') {
    return {
      type: 'Columns',
      comp_id: widget.comp_id,
      content: { comps: widget.content.comps.map(presentWidget) },
    };
  }
  if (widget.type !== 'Code') return widget;
  const {
    testCases,
    unitTests,
    solution,
    hints,
    hiddenPrependCode: _prepend,
    hiddenAppendCode: _append,
    ...visible
  } = widget.content;
  return {
    type: 'Code',
    comp_id: widget.comp_id,
    content: {
      ...visible,
      testCases: testCases.map((testCase) =>
        testCase.hidden
          ? { hidden: true as const }
          : { input: testCase.input, output: testCase.output, hidden: false as const },
      ),
      hasUnitTests: unitTests !== undefined,
      hintCount: hints?.filter((hint) => hint.trim() !== '').length ?? 0,
      ...(visible.showSolution && solution !== undefined ? { solution } : {}),
    },
  };
}
