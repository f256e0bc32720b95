// Messages of the assessments module. The spec names no texts for these; ours are plain and specific.
export const AssessmentErrors = {
  NotFound: 'This assessment does not exist or is not available to you.',
  AttemptNotFound: 'This attempt does not exist.',
  QuestionNotFound: 'This question is not part of your attempt.',
  NotInProgress: 'This attempt is already finished.',
  NotCurrentQuestion: 'Answer the current question of your attempt.',
  AlreadyAnswered: 'This question has already been answered.',
  OptionsRequired: 'Choose an answer.',
  OneOptionOnly: 'Choose exactly one answer.',
  UnknownOption: 'Choose one of the listed answers.',
  CodeRequired: 'This question is answered with code.',
  ChoiceRequired: 'This question is answered by choosing options.',
  CodeJudgingUnavailable: 'Code answers cannot be judged right now. Please try again shortly.',
  NotCompleted: 'Finish the assessment to see its results.',
  StatsNotGenerated: 'The results of this attempt have not been generated yet.',
  NoQuestions: 'This assessment has no questions yet.',
  ReviewAfterFinish: 'Finish the assessment to review your answers.',
  ShareNotFound: 'This shared result does not exist or was taken down by its owner.',
  /** The cool-down after a completed attempt; `when` is a UTC date and time. */
  RetakeCoolDown: (when: string) => `You can retake this assessment from ${when}.`,
} as const;

// The assessment editor's messages (the spec gives none).
export const AssessmentEditorErrors = {
  NotAnEditor: 'Only the authors of this assessment can change it.',
  QuestionNotFound: 'This question does not exist in this assessment.',
  NotJson: 'Send this part as serialised JSON.',
  UnknownSkill: "Choose one of the assessment's skills.",
  NoCodeInQuestionnaire: 'A questionnaire asks choice questions only.',
  LanguageRequired: 'Choose the language of the code question.',
  TestsRequired: 'Add at least one test case.',
  SolutionRequired: 'Add a reference solution.',
  TwoOptions: 'A question needs at least two options.',
  DuplicateOption: 'Two options share an id.',
  UnknownCorrectOption: 'A correct answer must be one of the options.',
  ExactlyOneCorrect: 'Mark exactly one option as correct.',
  OneOrMoreCorrect: 'Mark at least one option as correct.',
  TooMany: 'An assessment has at most 500 questions.',
  OrderMismatch: 'List every question of the assessment exactly once.',
} as const;

// Questionnaires (the spec gives no texts).
export const QuestionnaireErrors = {
  AnswerEveryQuestion: 'Answer this question.',
  UnknownOption: 'Choose one of the listed answers.',
  OneOption: 'Choose exactly one answer.',
  UnknownQuestion: 'An answer names a question that is not in this questionnaire.',
  DuplicateAnswer: 'Answer each question once.',
  AuthorsOnly: 'Only the authors of this questionnaire can read its responses.',
} as const;
