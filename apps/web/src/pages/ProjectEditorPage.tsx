import '../modules/studio/studio.css';
import '../modules/projects/editor/projectEditor.css';
import type { EditorProject, EditorProjectTask } from '@coderoom/contracts';
import { ErrorStatus } from '@coderoom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, NavLink, useNavigate, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import {
  editorProjectQuery,
  type ProjectEditorAddress,
  useDeleteEditorTask,
  useEditorProject,
  useSaveEditorProject,
  useSaveEditorTask,
} from '../modules/projects/editor/api';
import { ProjectDetailsForm } from '../modules/projects/editor/ProjectDetailsForm';
import { TaskForm } from '../modules/projects/editor/TaskForm';
import {
  newTaskDraft,
  type ProjectDraft,
  type TaskDraft,
  TYPE_LABELS,
  toProjectDraft,
  toSaveProjectRequest,
  toSaveTaskRequest,
  toTaskDraft,
} from '../modules/projects/editor/taskDraft';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ConfirmDialog } from '../modules/studio/components/ConfirmDialog';
import { ConflictDialog } from '../modules/studio/components/ConflictDialog';
import { ShortcutsDialog } from '../modules/studio/components/ShortcutsDialog';
import { UnsavedChangesDialog } from '../modules/studio/components/UnsavedChangesDialog';
import { useEditorShortcuts } from '../modules/studio/hooks/useEditorShortcuts';
import { useUnsavedChangesGuard } from '../modules/studio/hooks/useUnsavedChangesGuard';
import { Button } from '../ui/Button';
import { ErrorPage } from '../ui/ErrorPage';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

// /projecteditor/{author}/{collection}/{project}[/{component}] (spec 000 §2): the project's details, or
// one task (`new` adds one). docs/projects.md "Editing".

const TASK_SHORTCUTS = ['save', 'back', 'moveUp', 'moveDown', 'delete', 'help'] as const;
const DETAILS_SHORTCUTS = ['save', 'back', 'help'] as const;

type Message = { tone: 'success' | 'error' | 'info'; text: string } | null;

const errorText = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);
const isConflict = (error: unknown) =>
  error instanceof ApiError && error.status === ErrorStatus.AlreadyExists;
const fieldErrors = (error: unknown) => (error instanceof ApiError ? error.errors : {});

/** The project's own fields; Save sends them with the task order as the server has it. */
function ProjectDetailsEditor({
  address,
  project,
}: {
  address: ProjectEditorAddress;
  project: EditorProject;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const initial = toProjectDraft(project);
  const [baseline, setBaseline] = useState(initial);
  const [draft, setDraft] = useState<ProjectDraft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message>(null);
  const [conflict, setConflict] = useState(false);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const save = useSaveEditorProject(address);
  const ids = project.tasks.map((task) => task.component_id);
  const dirty =
    JSON.stringify(toSaveProjectRequest(draft, ids)) !== JSON.stringify(toSaveProjectRequest(baseline, ids));
  const blocker = useUnsavedChangesGuard(dirty && !save.isPending);

  const submit = async (etag: string) => {
    setMessage(null);
    try {
      await save.mutateAsync({ etag, body: toSaveProjectRequest(draft, ids) });
      setErrors({});
      setConflict(false);
      setBaseline(draft);
      setMessage({ tone: 'success', text: 'Project saved.' });
    } catch (error) {
      if (isConflict(error)) {
        setConflict(true);
        return;
      }
      setErrors(fieldErrors(error));
      setMessage({ tone: 'error', text: errorText(error, 'The project was not saved.') });
    }
  };

  /** The Conflicts dialog's Save: this editor's fields over whatever is stored now. */
  const overwrite = async () => {
    const current = await queryClient
      .fetchQuery({ ...editorProjectQuery(address), staleTime: 0 })
      .catch(() => project);
    await submit(current.etag);
  };

  useEditorShortcuts(
    {
      save: () => {
        if (project.can_edit && !save.isPending) void submit(project.etag);
      },
      back: () => navigate(`/collectioneditor/${address.authorId}/${address.collectionId}`),
      help: () => setShowShortcuts(true),
    },
    !conflict,
  );

  return (
    <section className="project-editor-main" aria-labelledby="details-heading">
      <header className="project-editor-main-header">
        <h2 id="details-heading">Project details</h2>
        {dirty && <span className="badge">Unsaved changes</span>}
        {project.can_edit && (
          <div className="project-editor-actions">
            <Button onClick={() => void submit(project.etag)} busy={save.isPending} disabled={!dirty}>
              Save project
            </Button>
          </div>
        )}
      </header>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <ProjectDetailsForm
        draft={draft}
        onChange={setDraft}
        files={project.files}
        readOnly={!project.can_edit}
        errors={errors}
      />
      <ConflictDialog
        open={conflict}
        busy={save.isPending}
        onSave={() => void overwrite()}
        onCancel={() => setConflict(false)}
      />
      <ShortcutsDialog open={showShortcuts} onOpenChange={setShowShortcuts} available={DETAILS_SHORTCUTS} />
      <UnsavedChangesDialog blocker={blocker} />
    </section>
  );
}

/** The editor of one task (or a new one); remounted whenever the selection changes. */
function TaskEditor({
  address,
  project,
  task,
  basePath,
  justCreated,
  onCreated,
}: {
  address: ProjectEditorAddress;
  project: EditorProject;
  task: EditorProjectTask | null;
  basePath: string;
  /** The task this page just created: its editor is remounted and still says it was saved. */
  justCreated: number | null;
  onCreated: (componentId: number) => void;
}) {
  const navigate = useNavigate();
  const initial = task ? toTaskDraft(task) : newTaskDraft();
  const [baseline, setBaseline] = useState(initial);
  const [draft, setDraft] = useState<TaskDraft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message>(
    task && task.component_id === justCreated ? { tone: 'success', text: 'Task saved.' } : null,
  );
  const [conflict, setConflict] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const save = useSaveEditorTask(address);
  const remove = useDeleteEditorTask(address);
  const reorder = useSaveEditorProject(address);
  const componentId = task?.component_id ?? 'new';
  const request = (value: TaskDraft) =>
    toSaveTaskRequest(value, componentId === 'new' ? project.project_id : undefined);
  const dirty = JSON.stringify(request(draft)) !== JSON.stringify(request(baseline));
  const blocker = useUnsavedChangesGuard(dirty && !save.isPending);
  const index = task ? project.tasks.findIndex((item) => item.component_id === task.component_id) : -1;

  const submit = async (etag: string | null) => {
    setMessage(null);
    try {
      const saved = await save.mutateAsync({ componentId, etag, body: request(draft) });
      setErrors({});
      setConflict(false);
      setBaseline(draft);
      setMessage({ tone: 'success', text: 'Task saved.' });
      if (componentId === 'new') {
        onCreated(saved.task.component_id);
        navigate(`${basePath}/${saved.task.component_id}`, { replace: true });
      }
    } catch (error) {
      if (isConflict(error)) {
        setConflict(true);
        return;
      }
      setConflict(false);
      setErrors(fieldErrors(error));
      setMessage({ tone: 'error', text: errorText(error, 'The task was not saved.') });
    }
  };

  const move = async (offset: -1 | 1) => {
    if (!task) return;
    if (dirty) {
      setMessage({ tone: 'info', text: 'Save the task before moving it.' });
      return;
    }
    const ids = project.tasks.map((item) => item.component_id);
    const target = index + offset;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target] ?? 0, ids[index] ?? 0];
    try {
      await reorder.mutateAsync({
        etag: project.etag,
        body: toSaveProjectRequest(toProjectDraft(project), ids),
      });
      setMessage({ tone: 'success', text: `Moved to position ${target + 1}.` });
    } catch (error) {
      // A stale order is not overwritten: the list shown may no longer be the project's.
      setMessage({ tone: 'error', text: errorText(error, 'The order was not saved.') });
    }
  };

  const deleteTask = async () => {
    if (!task) return;
    try {
      await remove.mutateAsync({ componentId: task.component_id, etag: project.etag });
      setBaseline(draft);
      navigate(basePath, { replace: true });
    } catch (error) {
      setConfirmDelete(false);
      setMessage({ tone: 'error', text: errorText(error, 'The task was not deleted.') });
    }
  };

  useEditorShortcuts(
    {
      save: () => {
        if (project.can_edit && !save.isPending) void submit(project.etag);
      },
      back: () => navigate(basePath),
      moveUp: () => void move(-1),
      moveDown: () => void move(1),
      delete: () => {
        if (task && project.can_edit) setConfirmDelete(true);
      },
      help: () => setShowShortcuts(true),
    },
    !conflict && !confirmDelete,
  );

  return (
    <section className="project-editor-main" aria-labelledby="task-heading">
      <header className="project-editor-main-header">
        <h2 id="task-heading">{task ? `Task ${index + 1}` : 'New task'}</h2>
        {dirty && <span className="badge">Unsaved changes</span>}
        {project.can_edit && (
          <div className="project-editor-actions">
            {task && (
              <>
                <Button
                  variant="ghost"
                  onClick={() => void move(-1)}
                  disabled={index <= 0 || reorder.isPending}
                >
                  Move up
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => void move(1)}
                  disabled={index >= project.tasks.length - 1 || reorder.isPending}
                >
                  Move down
                </Button>
                <Button variant="danger" onClick={() => setConfirmDelete(true)}>
                  Delete
                </Button>
              </>
            )}
            <Button
              onClick={() => void submit(project.etag)}
              busy={save.isPending}
              disabled={!dirty && !!task}
            >
              Save task
            </Button>
          </div>
        )}
      </header>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <TaskForm
        draft={draft}
        onChange={setDraft}
        files={project.files}
        readOnly={!project.can_edit}
        errors={errors}
      />
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this task?"
        message="Learners will no longer see it; their work on it no longer counts towards the project."
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => void deleteTask()}
        onCancel={() => setConfirmDelete(false)}
      />
      <ConflictDialog
        open={conflict}
        busy={save.isPending}
        onSave={() => void submit(null)}
        onCancel={() => setConflict(false)}
      />
      <ShortcutsDialog open={showShortcuts} onOpenChange={setShowShortcuts} available={TASK_SHORTCUTS} />
      <UnsavedChangesDialog blocker={blocker} />
    </section>
  );
}

function ProjectEditor({
  address,
  componentParam,
}: {
  address: ProjectEditorAddress;
  componentParam: string | null;
}) {
  const query = useEditorProject(address);
  const [justCreated, setJustCreated] = useState<number | null>(null);
  const basePath = `/projecteditor/${address.authorId}/${address.collectionId}/${address.projectId}`;
  usePageTitle(query.data ? `Edit ${query.data.title}` : 'Project editor');

  if (query.isPending) return <PageLoading label="Loading the project" />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ErrorPage code={status === 403 || status === 404 ? status : 500} />;
  }
  const project = query.data;
  const creating = componentParam === 'new';
  const task =
    componentParam === null || creating
      ? null
      : (project.tasks.find((item) => item.component_id === Number(componentParam)) ?? null);
  if (componentParam !== null && !creating && !task) return <ErrorPage code={404} />;

  return (
    <main id="main" className="page page-wide project-editor">
      <header className="page-header">
        <p className="small">
          <Link to={`/collectioneditor/${address.authorId}/${address.collectionId}`}>← Collection</Link>
        </p>
        <h1>{project.title}</h1>
        <p className="muted">
          Project · {project.tasks.length} {project.tasks.length === 1 ? 'task' : 'tasks'}
          {project.learner_url && (
            <>
              {' · '}
              <Link to={project.learner_url}>Learner's view</Link>
            </>
          )}
        </p>
        {!project.can_edit && (
          <FormMessage tone="info">You can read this project but not change it.</FormMessage>
        )}
      </header>
      <div className="project-editor-layout">
        <nav className="project-editor-list" aria-label="Tasks">
          <NavLink to={basePath} end className="btn btn-ghost">
            Project details
          </NavLink>
          <ol>
            {project.tasks.map((item, index) => (
              <li key={item.component_id}>
                <NavLink
                  to={`${basePath}/${item.component_id}`}
                  className={item.component_id === task?.component_id ? 'active' : undefined}
                  aria-current={item.component_id === task?.component_id ? 'page' : undefined}
                >
                  <span className="project-editor-number">{index + 1}</span>
                  <span className="project-editor-title">{item.title}</span>
                  <span className="project-editor-meta small">{TYPE_LABELS[item.type]}</span>
                </NavLink>
              </li>
            ))}
          </ol>
          {project.tasks.length === 0 && <p className="muted small">No tasks yet.</p>}
          {project.can_edit && (
            <Link className="btn btn-secondary" to={`${basePath}/new`}>
              Add task
            </Link>
          )}
        </nav>
        {componentParam === null ? (
          <ProjectDetailsEditor key="details" address={address} project={project} />
        ) : (
          <TaskEditor
            key={creating ? 'new' : task?.component_id}
            address={address}
            project={project}
            task={task}
            basePath={basePath}
            justCreated={justCreated}
            onCreated={setJustCreated}
          />
        )}
      </div>
    </main>
  );
}

export function ProjectEditorPage() {
  const params = useParams();
  const authorId = Number(params.authorId);
  const collectionId = Number(params.collectionId);
  const projectId = Number(params.projectId);
  const componentParam = params.componentId ?? null;
  if (
    ![authorId, collectionId, projectId].every((id) => Number.isSafeInteger(id) && id > 0) ||
    (componentParam !== null && componentParam !== 'new' && !/^\d+$/.test(componentParam))
  ) {
    return <ErrorPage code={404} />;
  }
  return (
    <RequireUser>
      <ProjectEditor
        key={`${authorId}/${collectionId}/${projectId}`}
        address={{ authorId, collectionId, projectId }}
        componentParam={componentParam}
      />
    </RequireUser>
  );
}
