import type { CollectionCard } from '@coderoom/contracts';
import { Link } from 'react-router';
import { CourseThumbnail } from './CourseThumbnail';

const KIND_LABEL: Record<string, string> = {
  course: 'Course',
  path: 'Skill path',
  mini_course: 'Mini course',
  skill_assessment: 'Skill assessment',
};
/** Lesson count and reading time only mean something for courses. */
const HAS_LESSONS = new Set(['course', 'mini_course']);

function duration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** A listing card: 188×122 thumbnail, title, summary and the facts a learner compares. */
export function CourseCard({ card, percent }: { card: CollectionCard; percent?: number }) {
  return (
    <article className="course-card card">
      <CourseThumbnail card={card} />
      <div className="course-card-body">
        <p className="course-card-kind">
          {KIND_LABEL[card.work_type] ?? card.work_type}
          {card.language_topic ? ` · ${card.language_topic}` : ''}
          {card.is_early_access ? <span className="badge badge-accent">Early access</span> : null}
          {card.is_free ? <span className="badge">Free</span> : null}
        </p>
        <h3 className="course-card-title">
          <Link to={card.url}>{card.title}</Link>
        </h3>
        <p className="course-card-summary muted">{card.summary}</p>
        <p className="course-card-facts muted">
          <span className="capitalize">{card.difficulty}</span>
          {!HAS_LESSONS.has(card.work_type) ? null : (
            <>
              {' · '}
              {card.lesson_count} lessons · {duration(card.estimated_minutes)}
            </>
          )}
        </p>
        {percent === undefined ? null : (
          <div className="progress-line">
            <progress max={100} value={percent} aria-label={`${card.title} progress`} />
            <span>{percent}%</span>
          </div>
        )}
      </div>
    </article>
  );
}
