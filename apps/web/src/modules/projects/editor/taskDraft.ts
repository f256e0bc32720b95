import type {
  EditorProject,
  EditorProjectTask,
  LanguageId,
  ProjectDifficulty,
  ProjectTypeName,
  SaveEditorProjectRequest,
  SaveEditorTaskRequest,
  Widget,
} from '@coderoom/contracts';

// The editor's working copies of a task and of the project's own fields, and their translation to the
// save requests. A task's draft keeps the fields of every type, so switching the type back and forth
// loses nothing; only what belongs to the chosen type is sent (docs/projects.md "Editing").

export const TYPE_LABELS: Record<ProjectTypeName, string> = {
  code_widget: 'Code widget',
  code_evaluation: 'Code evaluation',
  runjs: 'RunJS',
  single_page_app: 'Single page app',
  url_iframe: 'URL iframe',
  terminal: 'Terminal',
  workspace: 'Workspace',
};

export const TASK_TYPES = Object.keys(TYPE_LABELS) as ProjectTypeName[];

export interface TestCaseDraft {
  input: string;
  output: string;
  hidden: boolean;
}

export interface TaskDraft {
  title: string;
  type: ProjectTypeName;
  description: string;
  guide: string;
  /** The stored widgets, kept so widgets other than the first Markdown one survive a save. */
  descriptionWidgets: Widget[];
  guideWidgets: Widget[];
  compId: string;
  language: LanguageId;
  code: string;
  enableStdin: boolean;
  testCases: TestCaseDraft[];
  solution: string;
  evaluationInputFileId: number | null;
  evaluationOutputFileId: number | null;
  url: string;
  runjs: { html: string; css: string; js: string };
  spa: { index: string; app: string; style: string };
  image: string;
  appPort: string;
  liveFiles: Array<{ path: string; content: string }>;
  liveTests: Array<{ id: string; name: string; script: string }>;
}

export interface ProjectDraft {
  title: string;
  summary: string;
  difficulty: ProjectDifficulty;
  description: string;
  descriptionWidgets: Widget[];
  /** One prerequisite per line. */
  preReqs: string;
  /** Collection ids, comma-separated. */
  relevantCourses: string;
  preRequisiteProjects: string;
  udataFiles: number[];
}

const isCode = (type: ProjectTypeName) => type === 'code_widget' || type === 'code_evaluation';
const isLive = (type: ProjectTypeName) => type === 'terminal' || type === 'workspace';

function newId(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The text of the first Markdown widget: the part of a description the editor edits. */
export function markdownOf(widgets: readonly Widget[]): string {
  const widget = widgets.find((item) => item.type === 'MarkdownEditor');
  return widget?.type === 'MarkdownEditor' ? widget.content.text : '';
}

/** The widgets with the first Markdown widget's text replaced (added when missing, dropped when empty). */
export function withMarkdown(widgets: readonly Widget[], text: string): Widget[] {
  const index = widgets.findIndex((item) => item.type === 'MarkdownEditor');
  if (index < 0) {
    return text.trim()
      ? [{ type: 'MarkdownEditor', comp_id: newId('md'), content: { text } }, ...widgets]
      : [...widgets];
  }
  const current = widgets[index];
  if (!text.trim()) return widgets.filter((_, at) => at !== index);
  return widgets.map((item, at) =>
    at === index && current ? { type: 'MarkdownEditor', comp_id: current.comp_id, content: { text } } : item,
  );
}

export function newTaskDraft(language: LanguageId = 'python3'): TaskDraft {
  return {
    title: '',
    type: 'code_widget',
    description: '',
    guide: '',
    descriptionWidgets: [],
    guideWidgets: [],
    compId: newId('code'),
    language,
    code: '',
    enableStdin: false,
    testCases: [],
    solution: '',
    evaluationInputFileId: null,
    evaluationOutputFileId: null,
    url: '',
    runjs: { html: '', css: '', js: '' },
    spa: { index: '', app: '', style: '' },
    image: '',
    appPort: '',
    liveFiles: [],
    liveTests: [],
  };
}

export function toTaskDraft(task: EditorProjectTask): TaskDraft {
  const blank = newTaskDraft(task.codeContent?.language);
  const secret = task.protected_content;
  return {
    ...blank,
    title: task.title,
    type: task.type,
    description: markdownOf(task.description),
    guide: markdownOf(task.guide),
    descriptionWidgets: task.description,
    guideWidgets: task.guide,
    compId: task.codeContent?.comp_id ?? blank.compId,
    code: task.codeContent?.code ?? '',
    enableStdin: task.codeContent?.enableStdin ?? false,
    testCases: secret.test_cases,
    solution: secret.solution ?? '',
    evaluationInputFileId: secret.evaluationInputFileId,
    evaluationOutputFileId: secret.evaluationOutputFileId,
    url: task.url ?? '',
    runjs: task.runjs ?? blank.runjs,
    spa: task.spa ?? blank.spa,
    image: task.live?.image ?? '',
    appPort: task.live?.app_port ? String(task.live.app_port) : '',
    liveFiles: task.live?.files ?? [],
    liveTests: secret.live_tests,
  };
}

/** The save request: only what belongs to the draft's type. */
export function toSaveTaskRequest(draft: TaskDraft, projectId?: number): SaveEditorTaskRequest {
  const { type } = draft;
  const port = Number(draft.appPort);
  return {
    ...(projectId === undefined ? {} : { project_id: projectId }),
    title: draft.title.trim(),
    type,
    description: withMarkdown(draft.descriptionWidgets, draft.description),
    guide: withMarkdown(draft.guideWidgets, draft.guide),
    codeContent: isCode(type)
      ? { comp_id: draft.compId, language: draft.language, code: draft.code, enableStdin: draft.enableStdin }
      : null,
    runjs: type === 'runjs' ? draft.runjs : null,
    spa: type === 'single_page_app' ? draft.spa : null,
    url: type === 'url_iframe' ? draft.url.trim() : null,
    live: isLive(type)
      ? {
          image: draft.image.trim(),
          app_port: type === 'workspace' && Number.isInteger(port) && port > 0 ? port : null,
          files: draft.liveFiles,
        }
      : null,
    protected_content: {
      evaluationInputFileId: type === 'code_evaluation' ? draft.evaluationInputFileId : null,
      evaluationOutputFileId: type === 'code_evaluation' ? draft.evaluationOutputFileId : null,
      test_cases: type === 'code_widget' ? draft.testCases : [],
      solution: (isCode(type) || isLive(type)) && draft.solution.trim() ? draft.solution : null,
      live_tests: isLive(type) ? draft.liveTests : [],
    },
  };
}

const idList = (ids: readonly number[]) => ids.join(', ');
const parseIds = (text: string) =>
  text
    .split(/[\s,]+/)
    .map(Number)
    .filter((value) => Number.isSafeInteger(value) && value > 0);

export function toProjectDraft(project: EditorProject): ProjectDraft {
  return {
    title: project.title,
    summary: project.summary,
    difficulty: project.difficulty,
    description: markdownOf(project.description),
    descriptionWidgets: project.description,
    preReqs: project.pre_reqs.join('\n'),
    relevantCourses: idList(project.relevant_courses),
    preRequisiteProjects: idList(project.pre_requisite_projects),
    udataFiles: project.udata_files,
  };
}

export function toSaveProjectRequest(draft: ProjectDraft, componentIds: number[]): SaveEditorProjectRequest {
  return {
    title: draft.title.trim(),
    summary: draft.summary,
    difficulty: draft.difficulty,
    description: withMarkdown(draft.descriptionWidgets, draft.description),
    pre_reqs: draft.preReqs
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    relevant_courses: parseIds(draft.relevantCourses),
    pre_requisite_projects: parseIds(draft.preRequisiteProjects),
    udata_files: draft.udataFiles,
    component_ids: componentIds,
  };
}

/** A new live test script, with a fresh id. */
export function newLiveTest(count: number) {
  return { id: newId('test'), name: `Test ${count + 1}`, script: '' };
}
