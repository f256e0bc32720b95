import type { MyCollectionItem } from '@coderoom/contracts';
import { Link } from 'react-router';
import { reviewStateLabel } from '../utils/reviewStateLabel';

const ROLE_LABELS: Record<MyCollectionItem['role'], string> = {
  owner: 'Owner',
  editor: 'Editor',
  viewer: 'Viewer',
};

const updatedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const KIND_LABELS: Record<string, string> = {
  course: 'Course',
  path: 'Path',
  skill_assessment: 'Skill assessment',
  questionnaire: 'Questionnaire',
  standalone_project: 'Project',
  standalone_cloud_lab: 'Cloud lab',
};

function countLabel(item: MyCollectionItem): string | null {
  if (item.work_type !== 'course' && item.work_type !== 'path') return null;
  const noun = item.work_type === 'path' ? 'course' : 'lesson';
  return `${item.item_count} ${item.item_count === 1 ? noun : `${noun}s`}`;
}

/** One row of the /teach dashboard: title, kind, role, state, size, last change and the way in. */
export function MyCollectionRow({ item }: { item: MyCollectionItem }) {
  const kind = KIND_LABELS[item.work_type] ?? 'Course';
  const count = countLabel(item);
  const title = item.title || `Untitled ${kind.toLowerCase()}`;
  const titleId = `studio-collection-${item.collection_id}`;
  return (
    <li className="studio-collection-row" data-collection-id={item.collection_id}>
      <div className="studio-collection-main">
        <Link id={titleId} to={item.editor_url} className="studio-collection-title">
          {title}
        </Link>
        <span className="small muted">
          {kind} · {count && `${count} · `}
          {item.live_version_no === null ? 'never published' : `version ${item.live_version_no}`} · updated{' '}
          <time dateTime={item.updated_at}>{updatedFormat.format(new Date(item.updated_at))}</time>
        </span>
      </div>
      <span className="badge studio-role">{ROLE_LABELS[item.role]}</span>
      <span className={`badge studio-state studio-state-${item.review_state}`}>
        {reviewStateLabel(item.review_state)}
      </span>
      <Link className="btn btn-secondary" to={item.editor_url} aria-describedby={titleId}>
        {item.role === 'viewer' ? 'Open' : 'Edit'}
      </Link>
    </li>
  );
}
