import type { WorkflowItemKindName } from '@coderoom/domain';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../shell/usePageTitle';
import { useWorkItems } from '../api/useWorkItems';
import { CreateItemForm } from './CreateItemForm';
import { ItemList } from './ItemList';
import { WorkLayout } from './WorkLayout';

export interface WorkTab {
  label: string;
  to: string;
  /** The list's tab on the server (all, starred, private, follow_ups). */
  tab: string;
}

interface WorkListScreenProps {
  title: string;
  kind: 'project' | 'document' | 'group' | 'task';
  tabs?: WorkTab[];
  /** The tab this route shows when the address has no ?tab. */
  routeTab?: string;
  createKinds: Array<{ kind: WorkflowItemKindName; label: string }>;
  empty: string;
}

/** A list screen of the work area: its tabs, a create form and the items. */
export function WorkListScreen({
  title,
  kind,
  tabs = [],
  routeTab = 'all',
  createKinds,
  empty,
}: WorkListScreenProps) {
  usePageTitle(title);
  const [params] = useSearchParams();
  const tab = params.get('tab') ?? routeTab;
  const items = useWorkItems(kind, tab);
  return (
    <WorkLayout>
      <header className="work-header">
        <h1>{title}</h1>
      </header>
      {tabs.length > 0 && (
        <nav className="work-tabs" aria-label={`${title} tabs`}>
          {tabs.map((entry) => (
            <Link key={entry.to} to={entry.to} aria-current={entry.tab === tab ? 'page' : undefined}>
              {entry.label}
            </Link>
          ))}
        </nav>
      )}
      <CreateItemForm kinds={createKinds} />
      <ItemList
        label={title}
        items={items.data}
        isPending={items.isPending}
        error={items.error}
        empty={empty}
      />
    </WorkLayout>
  );
}
