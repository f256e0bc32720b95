import '../modules/studio/studio.css';
import '../modules/projects/editor/projectEditor.css';
import type { EditorProject, EditorProjectTask } from '@coderoom/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, NavLink, useNavigate, useParams } from 'react-router';
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
  type TaskDraft,
  TYPE_LABELS,
  toProjectDraft,
  toSaveProjectRequest,
  toSaveTaskRequest,
  toTaskDraft,
} from '../modules/projects/editor/taskDraft';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ItemEditorPanel } from '../modules/studio/components/ItemEditorPanel';
import { ItemEditorShell } from '../modules/studio/components/ItemEditorShell';
import { useItemEditor } from '../modules/studio/hooks/useItemEditor';
import { editorLoadErrorCode } from '../modules/studio/utils/editorLoadErrorCode';
import { ErrorPage } from '../ui/ErrorPage';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

// /projecteditor/{author}/{collection}/{project}[/{component}] (spec 000 §2): the project's details, or
// one task (`new` adds one). docs/projects.md "Editing".

/** The project's own fields; Save sends them with the task order as the server has it. */
function ProjectDetailsEditor({
  address,
  project,
}: {
  address: ProjectEditorAddress;
  project: EditorProject;
}) {
  const queryClient = useQueryClient();
  const save = useSaveEditorProject(address);
  const ids = project.tasks.map((task) => task.component_id);
  const editor = useItemEditor({
    noun: 'project',
    initialDraft: () => toProjectDraft(project),
    toRequest: (draft) => toSaveProjectRequest(draft, ids),
    canEdit: project.can_edit,
    etag: project.etag,
    isNew: false,
    save: (draft, etag) => save.mutateAsync({ etag, body: toSaveProjectRequest(draft, ids) }),
    isSaving: save.isPending,
    // The Conflicts dialog's Save: this editor's fields over whatever is stored now.
    overwriteEtag: async () => {
      const current = await queryClient
        .fetchQuery({ ...editorProjectQuery(address), staleTime: 0 })
        .catch(() => project);
      return current.etag;
    },
    backPath: `/collectioneditor/${address.authorId}/${address.collectionId}`,
  });

  return (
    <ItemEditorPanel
      editor={editor}
      classPrefix="project-editor"
      headingId="details-heading"
      heading="Project details"
    >
      <ProjectDetailsForm
        draft={editor.draft}
        onChange={editor.setDraft}
        files={project.files}
        readOnly={!project.can_edit}
        errors={editor.errors}
      />
    </ItemEditorPanel>
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
  const queryClient = useQueryClient();
  const save = useSaveEditorTask(address);
  const remove = useDeleteEditorTask(address);
  const reorder = useSaveEditorProject(address);
  const componentId = task?.component_id ?? 'new';
  const request = (value: TaskDraft) =>
    toSaveTaskRequest(value, componentId === 'new' ? project.project_id : undefined);
  const editor = useItemEditor({
    noun: 'task',
    initialDraft: () => (task ? toTaskDraft(task) : newTaskDraft()),
    toRequest: request,
    canEdit: project.can_edit,
    etag: project.etag,
    isNew: task === null,
    announceSaved: task !== null && task.component_id === justCreated,
    save: (draft, etag) => save.mutateAsync({ componentId, etag, body: request(draft) }),
    isSaving: save.isPending,
    overwriteEtag: async () => {
      const current = await queryClient
        .fetchQuery({ ...editorProjectQuery(address), staleTime: 0 })
        .catch(() => project);
      return current.etag;
    },
    onSaved: (saved) => {
      if (componentId !== 'new') return;
      onCreated(saved.task.component_id);
      navigate(`${basePath}/${saved.task.component_id}`, { replace: true });
    },
    backPath: basePath,
    list: {
      ids: project.tasks.map((item) => item.component_id),
      itemId: task?.component_id ?? null,
      reorder: (ids) =>
        reorder.mutateAsync({ etag: project.etag, body: toSaveProjectRequest(toProjectDraft(project), ids) }),
      isReordering: reorder.isPending,
      remove: (id) => remove.mutateAsync({ componentId: id, etag: project.etag }),
      isRemoving: remove.isPending,
      listPath: basePath,
    },
  });
  return (
    <ItemEditorPanel
      editor={editor}
      classPrefix="project-editor"
      headingId="task-heading"
      deleteMessage="Learners will no longer see it; their work on it no longer counts towards the project."
    >
      <TaskForm
        draft={editor.draft}
        onChange={editor.setDraft}
        files={project.files}
        readOnly={!project.can_edit}
        errors={editor.errors}
      />
    </ItemEditorPanel>
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
  if (query.isError) return <ErrorPage code={editorLoadErrorCode(query.error)} />;
  const project = query.data;
  const creating = componentParam === 'new';
  const task =
    componentParam === null || creating
      ? null
      : (project.tasks.find((item) => item.component_id === Number(componentParam)) ?? null);
  if (componentParam !== null && !creating && !task) return <ErrorPage code={404} />;

  return (
    <ItemEditorShell
      classPrefix="project-editor"
      back={{ to: `/collectioneditor/${address.authorId}/${address.collectionId}`, label: '← Collection' }}
      title={project.title}
      summary={
        <>
          Project · {project.tasks.length} {project.tasks.length === 1 ? 'task' : 'tasks'}
          {project.learner_url && (
            <>
              {' · '}
              <Link to={project.learner_url}>Learner's view</Link>
            </>
          )}
        </>
      }
      notice={
        !project.can_edit && (
          <FormMessage tone="info">You can read this project but not change it.</FormMessage>
        )
      }
      listLabel="Tasks"
      listStart={
        <NavLink to={basePath} end className="btn btn-ghost">
          Project details
        </NavLink>
      }
      entries={project.tasks.map((item) => ({
        id: item.component_id,
        to: `${basePath}/${item.component_id}`,
        title: item.title,
        meta: TYPE_LABELS[item.type],
      }))}
      selectedId={task?.component_id ?? null}
      entryTitleClassName="project-editor-title"
      emptyText="No tasks yet."
      add={project.can_edit ? { to: `${basePath}/new`, label: 'Add task' } : null}
    >
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
    </ItemEditorShell>
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
