import '../commerce.css';
import { Link, useLocation } from 'react-router';
import { PageLoading } from '../../../ui/PageLoading';
import { LockIcon } from '../../reader/components/LockIcon';
import { usePageTitle } from '../../shell/usePageTitle';
import { useCourseOffer } from '../api/useCourseOffer';
import { formatUsd } from '../utils/formatUsd';
import { PlanPrice } from './PlanPrice';

interface PricedLessonGateProps {
  authorId: number;
  collectionId: number;
}

/**
 * In front of a priced lesson the learner's plan does not open: the plan that opens it and, for a course
 * sold on its own, the course, with the spec's calls to action (001 §4). Previews stay open.
 */
export function PricedLessonGate({ authorId, collectionId }: PricedLessonGateProps) {
  const location = useLocation();
  const offer = useCourseOffer(authorId, collectionId);
  usePageTitle('Unlock this lesson');
  if (offer.isPending) return <PageLoading label="Loading the offer" />;
  const courseTitle = offer.data?.course_title ?? null;
  const returnTo = encodeURIComponent(location.pathname + location.search);
  const withReturn = (url: string) => `${url}${url.includes('?') ? '&' : '?'}return=${returnTo}`;
  const actions = offer.data?.actions ?? [];
  const planAction = actions.find((action) =>
    /^\/checkout\/(subscription_buy|quick_buy|upgrade)\b/.test(action.checkout_url),
  );
  const trialAction = actions.find((action) => action.checkout_url.startsWith('/checkout/trial_avail'));
  const courseAction = actions.find((action) => action.checkout_url.startsWith('/checkout/course'));
  return (
    <main id="main" className="page">
      <section className="card empty-state paywall" aria-labelledby="paywall-title">
        <p className="login-gate-icon" aria-hidden="true">
          <LockIcon size={22} />
        </p>
        <h1 id="paywall-title">Unlock this lesson</h1>
        <p className="muted">
          {courseTitle ? <>This lesson of {courseTitle} </> : <>This lesson </>}
          is part of the paid catalogue. Its preview lessons stay open to everyone.
        </p>
        {offer.isError ? (
          <p className="notice error" role="alert">
            {offer.error.message}
          </p>
        ) : null}
        <div className="paywall-options">
          {planAction && offer.data?.offered_plan ? (
            <section className="card paywall-option" aria-labelledby="paywall-plan">
              <h2 id="paywall-plan">
                {offer.data.offered_plan.feature_set_name} plan,{' '}
                {offer.data.offered_plan.term_name.toLowerCase()}
              </h2>
              <PlanPrice plan={offer.data.offered_plan} />
              <p>
                Every course of the {offer.data.min_feature_set_name} tier and below, while the plan runs.
              </p>
              <Link
                className="btn btn-primary"
                to={withReturn(planAction.checkout_url)}
                aria-describedby="paywall-plan"
              >
                {planAction.label}
              </Link>
              {trialAction ? (
                <Link
                  className="btn btn-secondary"
                  to={withReturn(trialAction.checkout_url)}
                  aria-describedby="paywall-plan"
                >
                  {trialAction.label}
                </Link>
              ) : null}
            </section>
          ) : null}
          {courseAction && offer.data?.course_price_usd ? (
            <section className="card paywall-option" aria-labelledby="paywall-course">
              <h2 id="paywall-course">Just this course</h2>
              <p className="plan-price-monthly">
                <strong>{formatUsd(offer.data.course_price_usd)}</strong>
                <span className="muted"> once</span>
              </p>
              <p>Every lesson of {courseTitle ?? 'the course'}, yours to keep.</p>
              <Link
                className="btn btn-secondary"
                to={withReturn(courseAction.checkout_url)}
                aria-describedby="paywall-course"
              >
                {courseAction.label}
              </Link>
            </section>
          ) : null}
        </div>
        <p>
          <Link to="/unlimited">Compare all plans</Link>
        </p>
      </section>
    </main>
  );
}
