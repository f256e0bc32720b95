import { RequireUser } from '../modules/session/components/RequireUser';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';

function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

function LearnHome() {
  const { data: user } = useUserInfo();
  usePageTitle('Home');
  if (!user) return null;
  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Welcome, {firstName(user.full_name)}</h1>
        <p className="muted">
          This is your learning home. Everything you start will be here to pick up again.
        </p>
      </header>
      <section className="empty-state card" aria-labelledby="continue-heading">
        <div className="empty-illustration" aria-hidden="true">
          {'{ }'}
        </div>
        <h2 id="continue-heading">Nothing in progress yet</h2>
        <p className="muted">
          Courses, paths and projects you start will show up here with your progress, so you can continue
          exactly where you stopped, on any device.
        </p>
      </section>
    </main>
  );
}

export function LearnHomePage() {
  return (
    <RequireUser>
      <LearnHome />
    </RequireUser>
  );
}
