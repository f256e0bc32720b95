import { Link } from 'react-router';
import { SitePage } from '../modules/site/components/SitePage';

const PLANS = [
  {
    name: 'Visitor',
    price: 'No account',
    points: ['Every course page and syllabus', 'Preview lessons of every course', 'Search and filters'],
    action: { to: '/explore', label: 'Browse the catalogue' },
  },
  {
    name: 'Free account',
    price: '$0',
    highlighted: true,
    points: [
      'Every lesson of every free course',
      'Run, test and submit code in the sandbox',
      'Progress, notes, highlights and certificates',
      'Projects, assessments and the playground',
    ],
    action: { to: '/signup', label: 'Create a free account' },
  },
  {
    name: 'Teams',
    price: 'Talk to us',
    points: ['Learning plans for your team', 'Progress reports for managers', 'Single sign-on'],
    action: { to: '/about', label: 'Learn more' },
  },
] as const;

/** /pricing: what an account gives today, and what paid plans will add. */
export function PricingPage() {
  return (
    <SitePage
      title="Pricing"
      lead="A free account opens every free course and the preview lessons of every course. Priced courses open with a Coderoom Unlimited plan, or bought one at a time."
    >
      <ul className="pricing-plans">
        {PLANS.map((plan) => (
          <li
            key={plan.name}
            className={`card pricing-plan${'highlighted' in plan && plan.highlighted ? ' is-highlighted' : ''}`}
          >
            <h2>{plan.name}</h2>
            <p className="price">{plan.price}</p>
            <ul>
              {plan.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
            <Link className="btn btn-secondary" to={plan.action.to}>
              {plan.action.label}
            </Link>
          </li>
        ))}
      </ul>
      <h2>Paid plans</h2>
      <p>
        Coderoom Unlimited comes in four tiers (Basic, Standard, Premium and Premium Plus), billed monthly,
        quarterly, yearly or every two years; longer terms cost less a month. Single courses can be bought on
        their own. <Link to="/unlimited">Compare the plans</Link>.
      </p>
      <h2>Students and teachers</h2>
      <p>
        Accounts stay free for learning. If you teach a class and want to follow your students’ progress, the
        Teams plan is meant for you.
      </p>
    </SitePage>
  );
}
