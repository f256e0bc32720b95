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
} as const;
