import { WorkListScreen } from '../modules/work/components/WorkListScreen';

const TABS = [
  { label: 'All projects', to: '/work/projects', tab: 'all' },
  { label: 'Starred', to: '/work/projects?tab=starred', tab: 'starred' },
  { label: 'Private', to: '/work/projects/private', tab: 'private' },
];

export function WorkProjectsPage() {
  return (
    <WorkListScreen
      title="Projects"
      kind="project"
      tabs={TABS}
      createKinds={[
        { kind: 'project', label: 'Project' },
        { kind: 'private_project', label: 'Private project' },
      ]}
      empty="No projects here yet. Create one above."
    />
  );
}

export function WorkPrivateProjectsPage() {
  return (
    <WorkListScreen
      title="Private projects"
      kind="project"
      tabs={TABS}
      routeTab="private"
      createKinds={[{ kind: 'private_project', label: 'Private project' }]}
      empty="No private projects yet."
    />
  );
}
