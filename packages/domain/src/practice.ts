// Spec 000 §3, §4, §5, §9: assessments, attempts, grades, projects.

export const AttemptState = { InProgress: 1000, Completed: 1001, Abandoned: 1002 } as const;
export type AttemptState = (typeof AttemptState)[keyof typeof AttemptState];

/** Known grade codes; the values between fail and pass are not given by the spec. */
export const Grade = { Ungraded: 0, Fail: 1000, Pass: 1006 } as const;

export const SkillScore = { Min: 100, Proficient: 500, Expert: 750, Max: 1000 } as const;
export const SkillLevel = { Beginner: 1000, Proficient: 1001, Expert: 1002 } as const;
export type SkillLevel = (typeof SkillLevel)[keyof typeof SkillLevel];

export function skillLevelFor(score: number): SkillLevel {
  if (score >= SkillScore.Expert) return SkillLevel.Expert;
  if (score >= SkillScore.Proficient) return SkillLevel.Proficient;
  return SkillLevel.Beginner;
}

export const Difficulty = { Easy: 1000, Medium: 1001, Hard: 1002 } as const;
export type Difficulty = (typeof Difficulty)[keyof typeof Difficulty];
export const DiscoveryDifficulty = ['beginner', 'intermediate', 'advanced'] as const;

export const ProjectAttemptMode = { Guided: 2001, Unguided: 2002 } as const;

export const ProjectType = {
  SinglePageApp: 'single_page_app',
  CodeWidget: 'code_widget',
  Workspace: 'workspace',
  RunJs: 'runjs',
  UrlIframe: 'url_iframe',
  Terminal: 'terminal',
  CodeEvaluation: 'code_evaluation',
} as const;

export const TaskCompletion = { Default: 'default', Completed: 'completed' } as const;

/** A project is done when all its tasks are completed (and it has tasks). */
export function isProjectDone(tasks: ReadonlyArray<{ status: string }>): boolean {
  return tasks.length > 0 && tasks.every((task) => task.status === TaskCompletion.Completed);
}

const SECONDS_PER_QUESTION = 30;

/** 'Est. 3 mins (Approx. 6 Qs)': half a minute per question, minutes rounded up. */
export function assessmentEstimateText(questionCount: number): string {
  const minutes = Math.max(1, Math.ceil((questionCount * SECONDS_PER_QUESTION) / 60));
  return `Est. ${minutes} mins (Approx. ${questionCount} Qs)`;
}

export const ProjectMessages = {
  InvalidUrl: 'Enter a valid URL',
  EvaluationInputRequired: 'Please select evaluation input file',
  EvaluationOutputRequired: 'Please select evaluation output file',
} as const;
