import { PlanKind } from '@coderoom/domain';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { TextField } from '../../../ui/TextField';
import { useCreatePlan } from '../api/planMutations';
import { usePlans } from '../api/planQueries';
import { messageOf } from '../utils/messageOf';

const KINDS = [
  { kind: PlanKind.Onboarding, label: 'Onboarding' },
  { kind: PlanKind.UpSkilling, label: 'Up-skilling' },
  { kind: PlanKind.Explore, label: 'Explore' },
] as const;

/** /onboarding/plans: the organization's plans and templates, and a form to start a new one. */
export function PlansBoard({ organizationId, canAuthor }: { organizationId: number; canAuthor: boolean }) {
  const plans = usePlans(organizationId);
  const create = useCreatePlan(organizationId);
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<number>(PlanKind.Onboarding);
  const [template, setTemplate] = useState('');
  const [isTemplate, setIsTemplate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const kindId = useId();
  const templateId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!title.trim()) {
      setError('Title is required');
      return;
    }
    create.mutate(
      {
        kind: kind as (typeof KINDS)[number]['kind'],
        title: title.trim(),
        ...(isTemplate ? { is_template: true } : {}),
        ...(template ? { from_template_id: Number(template) } : {}),
      },
      {
        onSuccess: (plan) => navigate(`/onboarding/plans/${plan.plan_id}`),
        onError: (failure) => setError(messageOf(failure)),
      },
    );
  };

  if (plans.isPending) {
    return (
      <p className="muted" role="status">
        Loading plans…
      </p>
    );
  }
  if (plans.isError) return <p role="alert">The plans could not be loaded. Reload to try again.</p>;
  const templates = plans.data.plans.filter((plan) => plan.is_template);
  return (
    <>
      <section aria-labelledby="plans-heading" className="org-section">
        <h2 id="plans-heading">Plans and templates</h2>
        {plans.data.plans.length === 0 ? (
          <div className="card empty-state">
            <p className="muted">
              No plans yet. Create the first one below: a title, then its modules of courses.
            </p>
          </div>
        ) : (
          <ul className="plan-cards">
            {plans.data.plans.map((plan) => {
              const items = plan.modules.reduce((sum, module) => sum + module.items.length, 0);
              return (
                <li key={plan.plan_id} className="card plan-card">
                  <h3 className="assigned-title">
                    <Link to={`/onboarding/plans/${plan.plan_id}`}>{plan.title}</Link>
                  </h3>
                  <p className="muted small">
                    {plan.kind_label}
                    {plan.is_template ? ' template' : ''} · {plan.modules.length}{' '}
                    {plan.modules.length === 1 ? 'module' : 'modules'} · {items}{' '}
                    {items === 1 ? 'item' : 'items'}
                    {plan.is_template ? '' : ` · assigned to ${plan.assigned_count}`}
                  </p>
                  <p>
                    <span className={plan.state === 'published' ? 'badge badge-accent' : 'badge'}>
                      {plan.state === 'published' ? 'Published' : 'Draft'}
                    </span>
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {canAuthor && (
        <section aria-labelledby="new-plan-heading" className="org-section">
          <h2 id="new-plan-heading">New plan</h2>
          <form className="card org-form" onSubmit={submit} noValidate>
            <TextField
              label="Plan title"
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              maxLength={200}
              error={error === 'Title is required' ? error : null}
            />
            <div className="org-form-row">
              <div className="field">
                <label htmlFor={kindId}>Kind</label>
                <select id={kindId} value={kind} onChange={(event) => setKind(Number(event.target.value))}>
                  {KINDS.map((entry) => (
                    <option key={entry.kind} value={entry.kind}>
                      {entry.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={templateId}>Start from a template (optional)</label>
                <select
                  id={templateId}
                  value={template}
                  onChange={(event) => setTemplate(event.target.value)}
                >
                  <option value="">No template</option>
                  {templates.map((plan) => (
                    <option key={plan.plan_id} value={plan.plan_id}>
                      {plan.title}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <label className="check">
              <input
                type="checkbox"
                checked={isTemplate}
                onChange={(event) => setIsTemplate(event.target.checked)}
              />{' '}
              This is a template (copied into new plans, never assigned)
            </label>
            <div>
              <Button type="submit" busy={create.isPending}>
                Create plan
              </Button>
            </div>
            {error && error !== 'Title is required' && <FormMessage tone="error">{error}</FormMessage>}
          </form>
        </section>
      )}
    </>
  );
}
