import '../modules/reader/reader.css';
import '../modules/site/site.css';
import { postLoginHome, SEARCH_PROMPT, SEARCH_STRING_MAX_LENGTH } from '@coderoom/domain';
import { type FormEvent, useId, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useFeaturedItems } from '../modules/reader/api/useFeaturedItems';
import { CourseCard } from '../modules/reader/components/CourseCard';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { HeroSample } from '../modules/site/components/HeroSample';
import { Button } from '../ui/Button';
import { PageLoading } from '../ui/PageLoading';

const FEATURES = [
  {
    title: 'Code runs in the page',
    text: 'Every lesson is text you can skim, with code you can run, change and test right where you read it. No setup, no videos to scrub through.',
  },
  {
    title: 'Practice that proves it',
    text: 'Quizzes, judged coding challenges, hands-on projects and cloud labs check that what you read actually stuck.',
  },
  {
    title: 'Paths and plans',
    text: 'Skill paths take you from the basics to job-ready; teams assign learning plans and follow progress.',
  },
];

const POPULAR = new URLSearchParams({ only_courses: 'true', sort: 'popular' });

function PopularCourses() {
  const { data } = useFeaturedItems(POPULAR);
  const items = data?.items.slice(0, 3) ?? [];
  if (items.length === 0) return null;
  return (
    <section className="landing-popular" aria-labelledby="popular-heading">
      <div className="landing-popular-header">
        <h2 id="popular-heading">Popular courses</h2>
        <Link to="/explore?sort=popular">See the whole catalogue</Link>
      </div>
      <ul className="card-grid">
        {items.map((card) => (
          <li key={card.collection_id}>
            <CourseCard card={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LandingPage() {
  const { data: user, isPending } = useUserInfo();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const searchId = useId();
  usePageTitle();
  // Back from logging in to run the hero's sample: stay here and run it; otherwise members go home.
  const runOnArrival = params.get('run') === 'hero';
  if (isPending) return <PageLoading label="Loading" />;
  if (user && !runOnArrival) return <Navigate to={postLoginHome(user)} replace />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = search.trim().slice(0, SEARCH_STRING_MAX_LENGTH);
    navigate(text ? `/explore?q=${encodeURIComponent(text)}` : '/explore');
  };
  return (
    <main id="main" className="landing">
      <section className="hero">
        <p className="eyebrow">Interactive courses for developers</p>
        <h1>Learn to code by reading and running real code.</h1>
        <p className="lead">
          Coderoom is a text-first learning platform for developers: interactive courses, skill paths,
          assessments and projects, with a real sandbox behind every code block.
        </p>
        <search className="hero-search-wrap">
          <form className="hero-search" onSubmit={submit}>
            <label htmlFor={searchId} className="visually-hidden">
              {SEARCH_PROMPT}
            </label>
            <input
              id={searchId}
              type="search"
              placeholder={SEARCH_PROMPT}
              value={search}
              maxLength={SEARCH_STRING_MAX_LENGTH}
              onChange={(event) => setSearch(event.target.value)}
            />
            <Button type="submit">Search</Button>
          </form>
        </search>
        <div className="hero-actions">
          {user ? (
            <Link className="btn btn-primary btn-large" to={postLoginHome(user)}>
              Go to my learning
            </Link>
          ) : (
            <>
              <Link className="btn btn-primary btn-large" to="/signup">
                Create a free account
              </Link>
              <Link className="btn btn-secondary btn-large" to="/explore">
                Explore courses
              </Link>
            </>
          )}
        </div>
        <HeroSample signedIn={Boolean(user)} runOnArrival={runOnArrival} />
      </section>
      <PopularCourses />
      <section className="features" aria-label="What you get">
        {FEATURES.map((feature) => (
          <article key={feature.title} className="card feature">
            <h2>{feature.title}</h2>
            <p className="muted">{feature.text}</p>
          </article>
        ))}
      </section>
    </main>
  );
}
