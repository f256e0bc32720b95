import { ApiError } from '../../api/ApiError';
import { formatUsd } from '../../commerce/utils/formatUsd';
import { useReferralSummary } from '../api/useReferralSummary';
import { trackEvent } from '../utils/trackEvent';
import { CopyField } from './CopyField';

/** The learner's code and link, what each friend earns them and who has joined. */
export function ReferralPanel() {
  const { data, isPending, isError, error, refetch } = useReferralSummary();
  if (isPending) {
    return (
      <section className="card referral-panel" aria-busy="true">
        <p role="status" className="muted">
          Loading your referral link…
        </p>
      </section>
    );
  }
  if (isError) {
    return (
      <section className="card referral-panel">
        <p role="alert">
          Your referral link could not be loaded{error instanceof ApiError ? `: ${error.message}` : '.'}
        </p>
        <button type="button" className="btn btn-secondary" onClick={() => void refetch()}>
          Try again
        </button>
      </section>
    );
  }
  return (
    <>
      <section className="card referral-panel" aria-labelledby="referral-link-heading">
        <h2 id="referral-link-heading">Your referral link</h2>
        <p className="muted">
          A friend who signs up with your link or code takes {formatUsd(data.credit_per_friend_usd)} off your
          next payment.
        </p>
        <CopyField
          label="Link"
          value={data.referral_link}
          onCopied={() => trackEvent('referral_link_copied', { category: 'referral', action: 'copy' })}
        />
        <p>
          Your code: <strong className="referral-code">{data.referral_code}</strong>
        </p>
        <dl className="referral-stats">
          <div>
            <dt>Friends joined</dt>
            <dd>{data.friends.length}</dd>
          </div>
          <div>
            <dt>Credit waiting for your next payment</dt>
            <dd>{formatUsd(data.credit_pending_usd)}</dd>
          </div>
          <div>
            <dt>Credit used</dt>
            <dd>{formatUsd(data.credit_used_usd)}</dd>
          </div>
        </dl>
      </section>
      <section className="card referral-friends" aria-labelledby="referral-friends-heading">
        <h2 id="referral-friends-heading">Friends who joined</h2>
        {data.friends.length === 0 ? (
          <p className="muted">
            Nobody has joined with your link yet. Share it with a friend who is learning to code.
          </p>
        ) : (
          <ul className="referral-friend-list">
            {data.friends.map((friend) => (
              <li key={`${friend.first_name}-${friend.joined_at}`}>
                <span className="referral-friend-name">{friend.first_name}</span>
                <span className="muted">joined {new Date(friend.joined_at).toLocaleDateString()}</span>
                <span className={`referral-status referral-status-${friend.status}`}>
                  {friend.status === 'credited'
                    ? `${formatUsd(friend.credit_usd)} used ${new Date(friend.credited_at ?? friend.joined_at).toLocaleDateString()}`
                    : `${formatUsd(friend.credit_usd)} waiting`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
