import type { CollectionCard } from '@coderoom/contracts';
import { countOf, levelLabel } from '@coderoom/domain';
import { Link } from 'react-router';

interface PathCourseListProps {
  courses: CollectionCard[];
  selected: number | null;
  onSelect: (index: number) => void;
  onMove: (index: number, direction: -1 | 1) => void;
  onRemove: (index: number) => void;
}

/** The path's courses in reading order, each with move up/down and remove (spec 000 §2 shortcuts). */
export function PathCourseList({ courses, selected, onSelect, onMove, onRemove }: PathCourseListProps) {
  if (courses.length === 0) {
    return (
      <p className="muted studio-empty-list">
        No courses yet. Find published courses below and add them in the order learners should take them.
      </p>
    );
  }
  return (
    <ol className="studio-path-courses" aria-label="Courses in this path">
      {courses.map((course, index) => (
        <li
          key={course.collection_id}
          className={`studio-path-course${selected === index ? ' studio-selected' : ''}`}
          data-collection-id={course.collection_id}
          onFocusCapture={() => onSelect(index)}
        >
          <span className="studio-lesson-number small muted" aria-hidden="true">
            {index + 1}
          </span>
          <div className="studio-collection-main">
            <Link to={course.url} target="_blank" className="studio-collection-title">
              {course.title}
            </Link>
            <span className="small muted">
              {countOf(course.lesson_count, 'lesson')} · {levelLabel(course.difficulty)} · by{' '}
              {course.author_name}
            </span>
          </div>
          <span className="studio-row-actions">
            <button
              type="button"
              className="icon-button"
              aria-label={`Move ${course.title} up`}
              title="Move up (Alt + ↑)"
              disabled={index === 0}
              onClick={() => onMove(index, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={`Move ${course.title} down`}
              title="Move down (Alt + ↓)"
              disabled={index === courses.length - 1}
              onClick={() => onMove(index, 1)}
            >
              ↓
            </button>
            <button
              type="button"
              className="icon-button studio-danger-icon"
              aria-label={`Remove ${course.title}`}
              title="Remove from the path"
              onClick={() => onRemove(index)}
            >
              ✕
            </button>
          </span>
        </li>
      ))}
    </ol>
  );
}
