import { WorkListScreen } from '../modules/work/components/WorkListScreen';

const TABS = [
  { label: 'All documents', to: '/work/docs', tab: 'all' },
  { label: 'Starred', to: '/work/docs?tab=starred', tab: 'starred' },
  { label: 'Private', to: '/work/docs/private', tab: 'private' },
];

export function WorkDocsPage() {
  return (
    <WorkListScreen
      title="Documents"
      kind="document"
      tabs={TABS}
      createKinds={[{ kind: 'document', label: 'Document' }]}
      empty="No documents yet. Create one above."
    />
  );
}

export function WorkPrivateDocsPage() {
  return (
    <WorkListScreen
      title="Private documents"
      kind="document"
      tabs={TABS}
      routeTab="private"
      createKinds={[{ kind: 'document', label: 'Document' }]}
      empty="No private documents. Documents inside a private project or folder show here."
    />
  );
}
