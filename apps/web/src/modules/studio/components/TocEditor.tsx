import { DefaultTitle } from '@coderoom/domain';
import { Button } from '../../../ui/Button';
import type { CollectionDraft, LessonDraft } from '../utils/toCollectionDraft';
import type { TocSelection } from '../utils/tocSelection';
import { LessonRow } from './LessonRow';

type Toc = Pick<CollectionDraft, 'loose' | 'categories'>;

interface TocEditorProps {
  toc: Toc;
  selection: TocSelection | null;
  isAddingLesson: boolean;
  pageEditorUrl: (pageId: number) => string;
  onChange: (toc: Toc) => void;
  onSelect: (selection: TocSelection) => void;
  onMove: (selection: TocSelection, direction: -1 | 1) => void;
  onDelete: (selection: TocSelection) => void;
  onAddCategory: () => void;
  /** -1: outside any category. */
  onAddLesson: (category: number) => void;
}

const sameRow = (a: TocSelection | null, b: TocSelection) =>
  a !== null &&
  a.kind === b.kind &&
  a.category === b.category &&
  (a.kind === 'category' || (b.kind === 'lesson' && a.lesson === b.lesson));

/** Categories and lessons: rename, reorder, flag, delete, add, and open a lesson's content. */
export function TocEditor({
  toc,
  selection,
  isAddingLesson,
  pageEditorUrl,
  onChange,
  onSelect,
  onMove,
  onDelete,
  onAddCategory,
  onAddLesson,
}: TocEditorProps) {
  const lessonCount = toc.loose.length + toc.categories.reduce((sum, c) => sum + c.lessons.length, 0);
  let lessonNumber = 0;

  const updateLesson = (category: number, index: number, patch: Partial<LessonDraft>) => {
    const update = (lessons: LessonDraft[]) =>
      lessons.map((lesson, at) => (at === index ? { ...lesson, ...patch } : lesson));
    if (category === -1) onChange({ ...toc, loose: update(toc.loose) });
    else
      onChange({
        ...toc,
        categories: toc.categories.map((entry, at) =>
          at === category ? { ...entry, lessons: update(entry.lessons) } : entry,
        ),
      });
  };

  const renderLessons = (lessons: LessonDraft[], category: number) => (
    <ol className="studio-lessons">
      {lessons.map((lesson, index) => {
        lessonNumber += 1;
        const row: TocSelection = { kind: 'lesson', category, lesson: index };
        return (
          <LessonRow
            key={lesson.page_id}
            lesson={lesson}
            position={String(lessonNumber)}
            editorUrl={pageEditorUrl(lesson.page_id)}
            isSelected={sameRow(selection, row)}
            isFirst={lessonNumber === 1}
            isLast={lessonNumber === lessonCount}
            onChange={(patch) => updateLesson(category, index, patch)}
            onSelect={() => onSelect(row)}
            onMove={(direction) => onMove(row, direction)}
            onDelete={() => onDelete(row)}
          />
        );
      })}
    </ol>
  );

  return (
    <section className="card section studio-toc" aria-labelledby="studio-toc-heading">
      <div className="studio-section-head">
        <h2 id="studio-toc-heading">Table of contents</h2>
        <Button variant="secondary" onClick={onAddCategory}>
          Add category
        </Button>
      </div>
      {toc.loose.length > 0 && (
        <div className="studio-category studio-category-loose">
          <p className="small muted">Lessons outside any category</p>
          {renderLessons(toc.loose, -1)}
        </div>
      )}
      {toc.categories.length === 0 && toc.loose.length === 0 && (
        <p className="muted">No lessons yet. Add a category, then add lessons to it.</p>
      )}
      {toc.categories.map((category, index) => {
        const row: TocSelection = { kind: 'category', category: index };
        const name = category.title.trim() || DefaultTitle.Category;
        return (
          <div
            key={category.key}
            className={`studio-category${sameRow(selection, row) ? ' studio-selected' : ''}`}
          >
            <div className="studio-category-head" onFocusCapture={() => onSelect(row)}>
              <input
                className="studio-inline-input studio-category-title"
                aria-label={`Category ${index + 1} title`}
                placeholder={DefaultTitle.Category}
                value={category.title}
                maxLength={200}
                onChange={(event) =>
                  onChange({
                    ...toc,
                    categories: toc.categories.map((entry, at) =>
                      at === index ? { ...entry, title: event.target.value } : entry,
                    ),
                  })
                }
              />
              <span className="studio-row-actions">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Move ${name} up`}
                  title="Move up"
                  disabled={index === 0}
                  onClick={() => onMove(row, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Move ${name} down`}
                  title="Move down"
                  disabled={index === toc.categories.length - 1}
                  onClick={() => onMove(row, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="icon-button studio-danger-icon"
                  aria-label={`Delete ${name}`}
                  title="Delete category"
                  onClick={() => onDelete(row)}
                >
                  ✕
                </button>
              </span>
            </div>
            {category.lessons.length > 0 ? (
              renderLessons(category.lessons, index)
            ) : (
              <p className="small muted studio-empty-category">No lessons in this category yet.</p>
            )}
            <Button
              variant="ghost"
              className="studio-add-lesson"
              busy={isAddingLesson}
              onClick={() => onAddLesson(index)}
              aria-label={`Add lesson to ${name}`}
            >
              + Add lesson
            </Button>
          </div>
        );
      })}
    </section>
  );
}
