import { WorkListScreen } from '../modules/work/components/WorkListScreen';

export function WorkGroupsPage() {
  return (
    <WorkListScreen
      title="Groups"
      kind="group"
      createKinds={[{ kind: 'group', label: 'Group' }]}
      empty="No groups yet. A group is a shared space: its members see everything inside it."
    />
  );
}
