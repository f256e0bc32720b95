import type { CollectionCard } from '@coderoom/contracts';
import { workTypeLabel } from '@coderoom/domain';
import { Link } from 'react-router';
import { cardFacts } from '../utils/cardFacts';
import { CourseThumbnail } from './CourseThumbnail';

/** A listing card: cover art, kind and topic, title, summary, author and the facts a learner compares. */
export function CourseCard({ card, percent }: { card: CollectionCard; percent?: number }) {
  return (
    <article className="course-card card">
      <CourseThumbnail card={card} />
      <div className="course-card-body">
        <p className="course-card-kind">
          {workTypeLabel(card.work_type)}
          {card.language_topic ? ` · ${card.language_topic}` : ''}
          {card.is_early_access ? <span className="badge badge-accent">Early access</span> : null}
          {card.is_free ? <span className="badge">Free</span> : null}
        </p>
        <h3 className="course-card-title">
          <Link to={card.url}>{card.title}</Link>
        </h3>
        <p className="course-card-summary muted">{card.summary}</p>
        <p className="course-card-author">By {card.author_name}</p>
        <ul className="course-card-facts" aria-label="Facts">
          {cardFacts(card).map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
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
