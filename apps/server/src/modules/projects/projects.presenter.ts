import type {
  JudgeResponse,
  ProjectComponent,
  ProjectProgressSummary,
  ProjectTaskProgress,
  ProjectTaskSummary,
  Widget,
} from '@coderoom/contracts';
import { isProjectDone, TaskCompletion } from '@coderoom/domain';
import { presentWidget } from '../content/content.presenter.js';
import { completionOf } from './projects.policy.js';
import type { ComponentRow, ProgressRow, ProjectFileRow } from './projects.repository.js';

// Rows → the contract's shapes. protected_content (hidden tests, the solution, the evaluation files) is
// dropped here; the editor presents it (projectEditor.service.ts).

export function taskUrl(
  authorId: number,
  collectionId: number,
  projectId: number,
  componentId: number,
): string {
  return `/project/${authorId}/${collectionId}/${projectId}/${componentId}`;
}

export function statusOf(progress: ProgressRow | undefined, componentId: number) {
  return progress?.taskStatus[String(componentId)] === TaskCompletion.Completed
    ? TaskCompletion.Completed
    : TaskCompletion.Default;
}

export function presentTasks(
  authorId: number,
  collectionId: number,
  components: ComponentRow[],
  progress: ProgressRow | undefined,
): ProjectTaskSummary[] {
  return components.map((component) => ({
    component_id: component.id,
    title: component.title,
    type: component.type,
    status: statusOf(progress, component.id),
    url: taskUrl(authorId, collectionId, component.projectId, component.id),
  }));
}

export function presentSummary(
  components: ComponentRow[],
  progress: ProgressRow | undefined,
): ProjectProgressSummary {
  const statuses = components.map((component) => ({ status: statusOf(progress, component.id) }));
  return {
    mode: (progress?.mode ?? null) as ProjectProgressSummary['mode'],
    current_attempt: progress?.currentAttempt ?? 0,
    completed: statuses.filter((entry) => entry.status === TaskCompletion.Completed).length,
    total: components.length,
    is_done: isProjectDone(statuses),
  };
}

export function presentTaskProgress(
  progress: ProgressRow | undefined,
  componentId: number,
): ProjectTaskProgress {
  return {
    mode: (progress?.mode ?? null) as ProjectTaskProgress['mode'],
    current_attempt: progress?.currentAttempt ?? 0,
    source_code: progress?.sourceCode[String(componentId)] ?? null,
    status: statusOf(progress, componentId),
  };
}

export function presentWidgets(widgets: Widget[]) {
  return widgets.map(presentWidget);
}

export function presentComponent(
  component: ComponentRow,
  number: number,
  showGuide: boolean,
): ProjectComponent {
  const { content } = component;
  const code = content.codeContent;
  return {
    component_id: component.id,
    title: component.title,
    type: component.type,
    number,
    isProject: true,
    description: presentWidgets(content.description),
    guide: showGuide ? presentWidgets(content.guide) : [],
    codeContent: code
      ? {
          comp_id: code.comp_id,
          language: code.language,
          code: code.code,
          enableStdin: code.enableStdin,
          testCases: code.testCases,
          hiddenTestCount: component.protectedContent.test_cases.length,
        }
      : null,
    runjs: content.runjs,
    spa: content.spa,
    url: content.url,
    live: content.live ? { image: content.live.image, app_port: content.live.app_port } : null,
    completion: completionOf(component),
  };
}

export function presentFile(file: ProjectFileRow) {
  return { id: file.id, name: file.name, content: file.content };
}

/** A judge result with nothing of the hidden cases but their verdicts. */
export function presentJudge(result: JudgeResponse): JudgeResponse {
  return {
    ...result,
    cases: result.cases.map((entry) =>
      entry.hidden
        ? { index: entry.index, id: entry.id, hidden: true, verdict: entry.verdict, time_ms: entry.time_ms }
        : entry,
    ),
  };
}
