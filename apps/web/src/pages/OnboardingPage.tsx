import '../modules/account/account.css';
import '../modules/reader/reader.css';
import {
  type Difficulty,
  DifficultySchema,
  type LanguageTopic,
  LanguageTopicSchema,
} from '@coderoom/contracts';
import {
  LEARNING_GOAL_LABELS,
  type LearningGoal,
  nextOnboardingStage,
  ONBOARDING_STAGES,
  type OnboardingStage,
} from '@coderoom/domain';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useOnboarding } from '../modules/account/api/useOnboarding';
import { useRecommendation } from '../modules/account/api/useRecommendation';
import { useSaveOnboarding } from '../modules/account/api/useSaveOnboarding';
import { CourseCard } from '../modules/reader/components/CourseCard';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';
import { ErrorPage } from '../ui/ErrorPage';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

const STEP_LABELS: Record<OnboardingStage, string> = {
  goal: 'Your goal',
  languages: 'Languages',
  level: 'Level',
  recommendation: 'Your first course',
};

const LEVEL_HINTS: Record<Difficulty, string> = {
  beginner: 'New to this language, or to programming.',
  intermediate: 'I can write small programs on my own.',
  advanced: 'I use it at work and want to go deeper.',
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The stage as the URL spells it, or null for anything else (a 404). */
function stageOf(value: string | undefined): OnboardingStage | null {
  return ONBOARDING_STAGES.find((stage) => stage === value) ?? null;
}

function Steps({ current }: { current: OnboardingStage }) {
  return (
    <ol className="onboarding-steps" aria-label="Onboarding steps">
      {ONBOARDING_STAGES.map((stage, index) => (
        <li key={stage} aria-current={stage === current ? 'step' : undefined}>
          {index + 1}. {STEP_LABELS[stage]}
        </li>
      ))}
    </ol>
  );
}

function Recommendation() {
  const recommendation = useRecommendation(true);
  const save = useSaveOnboarding();
  const navigate = useNavigate();
  const finishTo = (to: string) => save.mutate('finish', { onSuccess: () => navigate(to) });
  if (recommendation.isPending) return <PageLoading label="Finding a course for you" />;
  if (recommendation.isError) {
    return <FormMessage tone="error">{recommendation.error.message}</FormMessage>;
  }
  const { course, reason, alternatives } = recommendation.data;
  return (
    <div className="onboarding-pick">
      <p className="lead">{reason}</p>
      {course && (
        <>
          <ul className="card-grid" aria-label="Recommended course">
            <li>
              <CourseCard card={course} />
            </li>
          </ul>
          <div>
            <Button busy={save.isPending} onClick={() => finishTo(course.url)}>
              Start {course.title}
            </Button>
          </div>
        </>
      )}
      {alternatives.length > 0 && (
        <section aria-labelledby="alternatives-heading">
          <h2 id="alternatives-heading">Also a good fit</h2>
          <ul className="card-grid">
            {alternatives.map((card) => (
              <li key={card.collection_id}>
                <CourseCard card={card} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {save.error && <FormMessage tone="error">{save.error.message}</FormMessage>}
      <div className="onboarding-actions">
        <Link to="/onboarding/level">Back</Link>
        <Button variant="secondary" onClick={() => finishTo('/explore')}>
          Browse the whole catalogue
        </Button>
      </div>
    </div>
  );
}

function Onboarding() {
  const params = useParams();
  const stage = stageOf(params.stage);
  usePageTitle(stage ? `Get started: ${STEP_LABELS[stage]}` : 'Get started');
  const navigate = useNavigate();
  const state = useOnboarding();
  const save = useSaveOnboarding();
  const [goal, setGoal] = useState<LearningGoal | null>(null);
  const [languages, setLanguages] = useState<LanguageTopic[] | null>(null);
  const [level, setLevel] = useState<Difficulty | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (!stage) return <ErrorPage code={404} />;
  if (state.isPending) return <PageLoading label="Loading" />;
  if (state.isError) return <ErrorPage code={500} />;
  const answers = state.data.answers;
  const chosenGoal = goal ?? answers.goal;
  const chosenLanguages = languages ?? (answers.languages as LanguageTopic[]);
  const chosenLevel = level ?? answers.level;

  const next = nextOnboardingStage(stage);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input =
      stage === 'goal'
        ? chosenGoal && { goal: chosenGoal }
        : stage === 'languages'
          ? chosenLanguages.length > 0 && { languages: chosenLanguages }
          : chosenLevel && { level: chosenLevel };
    if (!input) {
      setProblem(
        stage === 'goal'
          ? 'Choose a goal.'
          : stage === 'languages'
            ? 'Choose at least one language.'
            : 'Choose a level.',
      );
      return;
    }
    setProblem(null);
    save.mutate(input, { onSuccess: () => navigate(`/onboarding/${next ?? 'recommendation'}`) });
  };
  const skip = () => save.mutate('finish', { onSuccess: () => navigate('/learn/home') });
  const previous = ONBOARDING_STAGES[ONBOARDING_STAGES.indexOf(stage) - 1];

  return (
    <main id="main" className="page onboarding">
      <header className="page-header">
        <h1>{stage === 'recommendation' ? 'Your first course' : 'Welcome! Let’s find your first course'}</h1>
        <Steps current={stage} />
      </header>
      {stage === 'recommendation' ? (
        <Recommendation />
      ) : (
        <form className="card section" onSubmit={onSubmit} noValidate>
          {stage === 'goal' && (
            <fieldset className="choice-group">
              <legend>What brings you here?</legend>
              <div className="onboarding-options">
                {(Object.keys(LEARNING_GOAL_LABELS) as LearningGoal[]).map((value) => (
                  <label key={value} className={`choice${chosenGoal === value ? ' choice-selected' : ''}`}>
                    <input
                      type="radio"
                      name="goal"
                      value={value}
                      checked={chosenGoal === value}
                      onChange={() => setGoal(value)}
                    />
                    <span>
                      <strong>{LEARNING_GOAL_LABELS[value].label}</strong>
                      <span className="muted small">{LEARNING_GOAL_LABELS[value].hint}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {stage === 'languages' && (
            <fieldset className="choice-group">
              <legend>Which languages do you want to learn? Choose one or more.</legend>
              <div className="onboarding-options">
                {LanguageTopicSchema.options.map((value) => {
                  const checked = chosenLanguages.includes(value);
                  return (
                    <label key={value} className={`choice${checked ? ' choice-selected' : ''}`}>
                      <input
                        type="checkbox"
                        name="languages"
                        value={value}
                        checked={checked}
                        onChange={() =>
                          setLanguages(
                            checked
                              ? chosenLanguages.filter((item) => item !== value)
                              : [...chosenLanguages, value],
                          )
                        }
                      />
                      <span>
                        <strong>{value}</strong>
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          )}
          {stage === 'level' && (
            <fieldset className="choice-group">
              <legend>How well do you know {chosenLanguages[0] ?? 'it'} already?</legend>
              <div className="onboarding-options">
                {DifficultySchema.options.map((value) => (
                  <label key={value} className={`choice${chosenLevel === value ? ' choice-selected' : ''}`}>
                    <input
                      type="radio"
                      name="level"
                      value={value}
                      checked={chosenLevel === value}
                      onChange={() => setLevel(value)}
                    />
                    <span>
                      <strong>{capitalise(value)}</strong>
                      <span className="muted small">{LEVEL_HINTS[value]}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {(problem || save.error) && (
            <FormMessage tone="error">{problem ?? save.error?.message}</FormMessage>
          )}
          <div className="onboarding-actions">
            <span>{previous && <Link to={`/onboarding/${previous}`}>Back</Link>}</span>
            <span className="onboarding-actions">
              <Button variant="ghost" onClick={skip} disabled={save.isPending}>
                Skip for now
              </Button>
              <Button type="submit" busy={save.isPending}>
                Continue
              </Button>
            </span>
          </div>
        </form>
      )}
    </main>
  );
}

/** /onboarding/{stage}: a new learner's goal, languages and level, then a first course. */
export function OnboardingPage() {
  return (
    <RequireUser>
      <Onboarding />
    </RequireUser>
  );
}
