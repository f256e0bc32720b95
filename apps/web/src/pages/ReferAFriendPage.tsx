import '../modules/growth/growth.css';
import { REFERRAL_CREDIT_MAX_PER_PAYMENT_CENTS } from '@coderoom/domain';
import { Link } from 'react-router';
import { formatUsd } from '../modules/commerce/utils/formatUsd';
import { ReferralPanel } from '../modules/growth/components/ReferralPanel';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { PageLoading } from '../ui/PageLoading';
import { DiscoveryPage } from './DiscoveryPage';

/**
 * /refer-a-friend (spec 001 §2): a signed-in learner gets their referral code and link; a visitor sees
 * the discovery page of free courses to share, with the way to get a link of their own.
 */
export function ReferAFriendPage() {
  const { data: user, isPending } = useUserInfo();
  usePageTitle('Refer a friend');
  if (isPending) return <PageLoading />;
  if (!user) return <DiscoveryPage />;
  return (
    <main id="main" className="page growth-page">
      <header className="page-header">
        <h1>Refer a friend</h1>
        <p className="lead">
          Learning sticks better with someone to compare notes with. Share your link: your friend gets a free
          account, and you get credit on your next payment.
        </p>
      </header>
      <ReferralPanel />
      <p className="muted">
        Credit comes off your next plan purchase or renewal, up to{' '}
        {formatUsd(REFERRAL_CREDIT_MAX_PER_PAYMENT_CENTS / 100)} at a time. See{' '}
        <Link to="/unlimited">plans</Link>.
      </p>
    </main>
  );
}
