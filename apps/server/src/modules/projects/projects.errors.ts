import { ProjectMessages } from '@coderoom/domain';

// Messages of the projects module. The spec's own texts come from the domain (spec 000 §5); the others
// are ours, plain and specific.
export const ProjectErrors = {
  NotFound: 'This project does not exist or is not available to you.',
  TaskNotFound: 'This task is not part of the project.',
  NotBegun: 'Begin the project first.',
  StaleAttempt: 'This project was reset since the page was opened. Reload to continue.',
  NotSelfChecked: 'This task is completed by checking your code, not by marking it done.',
  NotCheckable: 'This task has no tests to check.',
  NotEvaluated: 'This task is not a code evaluation.',
  EvaluationFilesMissing: 'This task cannot be evaluated: its evaluation files are missing.',
  JudgingUnavailable: 'Code cannot be checked right now. Please try again shortly.',
  TypeUnavailable: 'This project type is not available yet.',
  CodeContentRequired: 'A code task needs an editor (codeContent with a language).',
  InvalidUrl: ProjectMessages.InvalidUrl,
  EvaluationInputRequired: ProjectMessages.EvaluationInputRequired,
  EvaluationOutputRequired: ProjectMessages.EvaluationOutputRequired,
  UnknownDataFile: 'Choose data files of this project.',
  LiveSettingsRequired: 'A terminal or workspace task needs an image (live settings).',
  LiveFilePathInvalid: 'Starter file paths must be relative paths inside the workspace.',
  AppPortRequired: 'A workspace task needs the port its app listens on.',
  NotLive: 'This task does not run in a live instance.',
  // The project editor (projectEditor.service.ts).
  NotAnEditor: 'Only the authors of this project can change it.',
  OrderMismatch: 'List every task of the project exactly once.',
  ProjectRequired: 'Name the project the new task belongs to.',
} as const;
