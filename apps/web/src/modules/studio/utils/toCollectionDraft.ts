import type { AuthorCollectionResponse } from '@coderoom/contracts';
import { DefaultTitle } from '@coderoom/domain';
import { newCompId } from './newCompId';

export interface LessonDraft {
  page_id: number;
  title: string;
  is_optional: boolean;
  is_preview: boolean;
}

export interface CategoryDraft {
  /** A React key only; categories have no id of their own. */
  key: string;
  title: string;
  lessons: LessonDraft[];
}

/** What the collection editor edits, as form values; toCollectionRequest turns it back into a request. */
export interface CollectionDraft {
  title: string;
  summary: string;
  /** Courses: the cover (the review quality gate asks for one); paths keep theirs untouched. */
  cover_image_url?: string | null;
  difficulty: 'beginner' | 'intermediate' | 'advanced';
  tags: string;
  skills: string;
  target_audience: string;
  takeaway_skills: string;
  /** Courses only: what to know first, one per line. */
  prerequisites?: string;
  overview: string;
  /** Courses only: whether lessons are co-edited live (turning it off closes open live sessions). */
  is_collaborative?: boolean;
  /** Lessons in the hidden first category (__default), shown as "not in a category". */
  loose: LessonDraft[];
  categories: CategoryDraft[];
}

const lines = (values: string[]) => values.join('\n');

export function toCollectionDraft({ collection, toc }: AuthorCollectionResponse): CollectionDraft {
  const lessonsOf = (category: AuthorCollectionResponse['toc'][number]): LessonDraft[] =>
    category.pages.map((page) => ({
      page_id: page.page_id,
      title: page.title,
      is_optional: page.is_optional,
      is_preview: page.is_preview,
    }));
  const [first, ...rest] = toc;
  const hasHidden = first?.stored_title === DefaultTitle.HiddenCategory;
  const visible = hasHidden ? rest : toc;
  const difficulty = ['beginner', 'intermediate', 'advanced'].includes(collection.difficulty)
    ? (collection.difficulty as CollectionDraft['difficulty'])
    : 'beginner';
  return {
    title: collection.title,
    summary: collection.summary,
    cover_image_url: collection.cover_image_url,
    difficulty,
    tags: collection.tags.join(', '),
    skills: lines(collection.skills),
    target_audience: lines(collection.target_audience),
    takeaway_skills: lines(collection.takeaway_skills),
    prerequisites: lines(collection.prerequisites),
    overview: collection.overview,
    is_collaborative: collection.enable_collaborative_editor,
    loose: hasHidden && first ? lessonsOf(first) : [],
    categories: visible.map((category) => ({
      key: newCompId(),
      title: category.stored_title,
      lessons: lessonsOf(category),
    })),
  };
}
