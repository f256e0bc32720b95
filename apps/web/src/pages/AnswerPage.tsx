import '../modules/answers/answers.css';
import { SHOT_LICENSE_LABELS, type ShotLicense } from '@coderoom/domain';
import { Link, useParams } from 'react-router';
import { useAnswerByUrl, useAnswerProps } from '../modules/answers/api/answersApi';
import { AnswerActions } from '../modules/answers/components/AnswerActions';
import { ApiError } from '../modules/api/ApiError';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { WidgetView } from '../modules/widgets/components/WidgetView';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

const DIFFICULTY: Record<number, string> = { 1000: 'Easy', 1001: 'Medium', 1002: 'Hard' };

/** /answers/{shotUrl}: one published answer with runnable code; a missing one is the not-found page. */
export function AnswerPage() {
  const { shotUrl = '' } = useParams();
  const query = useAnswerByUrl(shotUrl);
  const props = useAnswerProps(query.data?.shotId);
  const user = useUserInfo();
  usePageTitle(query.data?.title ?? 'Answer');

  if (query.isPending) return <PageLoading label="Loading the answer" />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ErrorPage code={status === 404 ? 404 : 500} />;
  }
  const shot = query.data;
  const context = {
    page: { author_id: shot.author_id, collection_id: shot.collection_id, page_id: shot.page_id },
  };
  const license = props.data ? SHOT_LICENSE_LABELS[props.data.license as ShotLicense] : undefined;

  return (
    <main id="main" className="page answer-page">
      <p>
        <Link to="/answers">← All answers</Link>
      </p>
      <article aria-labelledby="answer-title">
        <header>
          <h1 id="answer-title">{shot.title}</h1>
          <p className="answer-meta muted">
            <span>by {shot.author.name}</span>
            <span>{shot.readTime} min read</span>
            {props.data ? <span>{DIFFICULTY[props.data.difficulty] ?? ''}</span> : null}
            {shot.programming_tags.map((tag) => (
              <Link key={tag} className="badge" to={`/answers?topic=${encodeURIComponent(tag)}`}>
                {tag}
              </Link>
            ))}
            {shot.topic_tags.map((tag) => (
              <Link key={tag} className="badge" to={`/answers?tag=${encodeURIComponent(tag)}`}>
                {tag}
              </Link>
            ))}
          </p>
        </header>
        <AnswerActions shotId={shot.shotId} props={props.data} signedIn={Boolean(user.data)} />
        {shot.content.components.map((widget) => (
          <WidgetView key={widget.comp_id} widget={widget} context={context} />
        ))}
        <footer className="answer-footer muted">
          {props.data && props.data.attributions.length > 0 ? (
            <p>
              Based on:{' '}
              {props.data.attributions.map((entry) => (
                <span key={`${entry.name}|${entry.url ?? ''}`} className="answer-attribution">
                  {entry.url ? <a href={entry.url}>{entry.name}</a> : entry.name}
                </span>
              ))}
            </p>
          ) : null}
          {license ? <p>Licence: {license}</p> : null}
          {props.data?.canEdit ? (
            <p>
              <Link to={`/answereditor/${shot.shotId}`}>Edit this answer</Link>
            </p>
          ) : null}
        </footer>
      </article>
    </main>
  );
}
