import type { ShotCard } from '@coderoom/contracts';
import { Link } from 'react-router';

/** One answer in the /answers list: title, first paragraph, language, read time and likes. */
export function AnswerCard({ card }: { card: ShotCard }) {
  return (
    <article className="card answer-card">
      <h2 className="answer-card-title">
        <Link to={`/answers/${card.url}`}>{card.title}</Link>
      </h2>
      {card.summary ? <p className="muted">{card.summary}</p> : null}
      <p className="answer-meta">
        {card.programming_tags.map((tag) => (
          <span key={tag} className="badge">
            {tag}
          </span>
        ))}
        <span>{card.readTime} min read</span>
        <span>
          {card.shotLikes} {card.shotLikes === 1 ? 'like' : 'likes'}
        </span>
        <span>by {card.author.name}</span>
      </p>
    </article>
  );
}
