import { WorkOnboardingStep } from '@coderoom/domain';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { useWorkAction } from '../modules/work/api/useWorkAction';
import { useWorkOnboarding } from '../modules/work/api/useWorkOnboarding';
import { WorkLayout } from '../modules/work/components/WorkLayout';
import { Button } from '../ui/Button';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

const STEP_TEXT: Record<(typeof WorkOnboardingStep)[number], { title: string; text: string; link: string }> =
  {
    'invite member': {
      title: 'Invite a member',
      text: 'Share a project with a teammate by e-mail from its page.',
      link: '/work/projects',
    },
    'choose product': {
      title: 'Choose what you need',
      text: 'Projects and tasks, documents, or reviews: all are in the sidebar.',
      link: '/work',
    },
    'create project': {
      title: 'Create a project',
      text: 'A project holds folders, documents and tasks.',
      link: '/work/projects',
    },
    'show demo': {
      title: 'See it in action',
      text: 'Open the task board and move a card with the arrow keys.',
      link: '/work/tasks',
    },
  };

/** Work onboarding (spec 002 §4.10): four steps, the stage kept by the server. */
export function WorkOnboardingPage() {
  usePageTitle('Get started with Work');
  const onboarding = useWorkOnboarding();
  const action = useWorkAction();
  const navigate = useNavigate();
  const current = onboarding.data?.next_onboarding_stage ?? null;
  const index = current ? WorkOnboardingStep.indexOf(current) : WorkOnboardingStep.length;
  const advance = () => {
    const next = WorkOnboardingStep[index + 1];
    action.mutate(
      {
        method: 'POST',
        path: '/api/user/workflow/onboarding',
        body: next ? { next_onboarding_stage: next } : { is_onboarding_completed: true },
      },
      { onSuccess: () => (next ? undefined : navigate('/work')) },
    );
  };
  return (
    <WorkLayout>
      <header className="work-header">
        <h1>Get started with Work</h1>
      </header>
      {onboarding.isPending && <PageLoading label="Loading onboarding" />}
      {onboarding.error && <FormMessage tone="error">{onboarding.error.message}</FormMessage>}
      {action.error && <FormMessage tone="error">{action.error.message}</FormMessage>}
      {onboarding.data?.is_onboarding_completed && (
        <p>
          You finished onboarding. <Link to="/work">Go to your work</Link>.
        </p>
      )}
      {onboarding.data && !onboarding.data.is_onboarding_completed && (
        <ol className="work-list" aria-label="Onboarding steps">
          {WorkOnboardingStep.map((step, position) => (
            <li key={step} className="work-row" aria-current={position === index ? 'step' : undefined}>
              <span className="work-row-title">
                {position < index ? '✓ ' : ''}
                {STEP_TEXT[step].title}
              </span>
              <span className="work-row-meta">{STEP_TEXT[step].text}</span>
              {position === index && (
                <span className="work-row-actions">
                  <Link className="btn btn-secondary" to={STEP_TEXT[step].link}>
                    Open
                  </Link>
                  <Button onClick={advance} busy={action.isPending}>
                    {position === WorkOnboardingStep.length - 1 ? 'Finish' : 'Next step'}
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </WorkLayout>
  );
}
