import '../modules/reader/reader.css';
import { type CertificateState, CertificateStateName } from '@coderoom/domain';
import { Link, useParams } from 'react-router';
import { useCertificate } from '../modules/reader/api/useCertificate';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

/** /certificate/{hash}: the public verification page of one certificate. */
export function CertificatePage() {
  const { hash = '' } = useParams();
  const { data, isPending, isError } = useCertificate(hash);
  usePageTitle(data ? `Certificate – ${data.course_title}` : 'Certificate');
  if (isPending) return <PageLoading />;
  if (isError) return <ErrorPage code={404} heading="No certificate matches this link" />;
  return (
    <main id="main" className="page">
      <article className="certificate card" aria-labelledby="certificate-title">
        <p className="muted">Certificate of completion</p>
        {data.state !== 'active' ? (
          <p className="certificate-state" role="status">
            <strong>Not valid.</strong> {CertificateStateName[data.state as CertificateState] ?? data.state}
            {data.state_changed_at
              ? ` (${new Date(data.state_changed_at).toLocaleDateString(undefined, { dateStyle: 'long' })})`
              : ''}
            .
          </p>
        ) : null}
        <h1 id="certificate-title">{data.learner_name}</h1>
        <p className="lead">
          completed{' '}
          {data.course_url ? (
            <Link to={data.course_url}>{data.course_title}</Link>
          ) : (
            <strong>{data.course_title}</strong>
          )}
        </p>
        <p className="muted">
          Issued on {new Date(data.issued_at).toLocaleDateString(undefined, { dateStyle: 'long' })} ·
          Verification code <code>{data.hash}</code>
        </p>
      </article>
    </main>
  );
}
