import '../modules/reader/reader.css';
import { type CertificateState, CertificateStateName } from '@coderoom/domain';
import { Link } from 'react-router';
import { useCertificates } from '../modules/reader/api/useCertificates';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';

function Certificates() {
  usePageTitle('Certificates');
  const { data, isPending, isError } = useCertificates();
  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Certificates</h1>
        <p className="muted">Each certificate has a public page anyone can use to check it.</p>
      </header>
      {isPending ? (
        <p role="status" className="muted">
          Loading…
        </p>
      ) : isError ? (
        <p role="alert">Your certificates could not be loaded.</p>
      ) : data.certificates.length === 0 ? (
        <div className="card empty-state">
          <p className="muted">Finish every lesson of a course to earn its certificate.</p>
          <Link className="btn btn-primary" to="/learn/in-progress">
            See courses in progress
          </Link>
        </div>
      ) : (
        <ul className="certificate-list">
          {data.certificates.map((certificate) => (
            <li key={certificate.hash} className="card">
              <h2>{certificate.course_title}</h2>
              <p className="muted">Issued {new Date(certificate.issued_at).toLocaleDateString()}</p>
              {certificate.state !== 'active' ? (
                <p className="certificate-state">
                  {CertificateStateName[certificate.state as CertificateState] ?? certificate.state}
                </p>
              ) : null}
              <Link to={certificate.verify_url}>Open the certificate</Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

export function CertificatesPage() {
  return (
    <RequireUser>
      <Certificates />
    </RequireUser>
  );
}
