import { CodeWidget } from '../modules/code/components/CodeWidget';
import { LANGUAGE_FILES } from '../modules/code/languageFiles';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';

function Playground() {
  usePageTitle('Playground');
  return (
    <main id="main" className="page page-wide">
      <header className="page-header">
        <h1>Playground</h1>
        <p className="muted">
          Write and run code in any of our languages, in the same sandbox lessons use. Nothing here is saved.
        </p>
      </header>
      <CodeWidget
        settings={{
          language: 'python3',
          code: LANGUAGE_FILES.python3.starter,
          languageSelectable: true,
          enableStdin: true,
          allowDownload: true,
        }}
      />
    </main>
  );
}

export function PlaygroundPage() {
  return (
    <RequireUser>
      <Playground />
    </RequireUser>
  );
}
