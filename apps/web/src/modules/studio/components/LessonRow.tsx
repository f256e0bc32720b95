import { DefaultTitle } from '@coderoom/domain';
import { Link } from 'react-router';
import type { LessonDraft } from '../utils/toCollectionDraft';

interface LessonRowProps {
  lesson: LessonDraft;
  position: string;
  editorUrl: string;
  isSelected: boolean;
  isFirst: boolean;
  isLast: boolean;
  onChange: (patch: Partial<LessonDraft>) => void;
  onSelect: () => void;
  onMove: (direction: -1 | 1) => void;
  onDelete: () => void;
}

/** A lesson in the TOC editor: its title, flags and actions. */
export function LessonRow({
  lesson,
  position,
  editorUrl,
  isSelected,
  isFirst,
  isLast,
  onChange,
  onSelect,
  onMove,
  onDelete,
}: LessonRowProps) {
  const name = lesson.title || DefaultTitle.Lesson;
  return (
    <li
      className={`studio-lesson${isSelected ? ' studio-selected' : ''}`}
      data-page-id={lesson.page_id}
      onFocusCapture={onSelect}
    >
      <span className="studio-lesson-number small muted">{position}</span>
      <input
        className="studio-inline-input"
        aria-label={`Lesson ${position} title`}
        value={lesson.title}
        placeholder={DefaultTitle.Lesson}
        maxLength={200}
        onChange={(event) => onChange({ title: event.target.value })}
      />
      <label className="studio-flag">
        <input
          type="checkbox"
          checked={lesson.is_optional}
          onChange={(event) => onChange({ is_optional: event.target.checked })}
        />
        Optional
      </label>
      <label className="studio-flag">
        <input
          type="checkbox"
          checked={lesson.is_preview}
          onChange={(event) => onChange({ is_preview: event.target.checked })}
        />
        Free preview
      </label>
      <span className="studio-row-actions">
        <button
          type="button"
          className="icon-button"
          aria-label={`Move ${name} up`}
          title="Move up"
          disabled={isFirst}
          onClick={() => onMove(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={`Move ${name} down`}
          title="Move down"
          disabled={isLast}
          onClick={() => onMove(1)}
        >
          ↓
        </button>
        <Link className="btn btn-secondary studio-small-btn" to={editorUrl}>
          Edit content
        </Link>
        <button
          type="button"
          className="icon-button studio-danger-icon"
          aria-label={`Delete ${name}`}
          title="Delete"
          onClick={onDelete}
        >
          ✕
        </button>
      </span>
    </li>
  );
}
