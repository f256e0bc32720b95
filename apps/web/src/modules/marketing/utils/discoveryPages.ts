import type { ExploreSort, ExploreType } from '@coderoom/contracts';

// The discovery pages of spec 000 §2 (docs/marketing.md): each is a set of catalogue queries with words
// around them. The catalogue answers with what is published; the words never name a course.

export interface CatalogueQuery {
  type?: ExploreType;
  topic?: 'TypeScript' | 'C++' | 'Rust' | 'JavaScript' | 'Go' | 'Python';
  difficulty?: 'beginner' | 'intermediate' | 'advanced';
  scope?: 'free' | 'early-access';
  sort?: ExploreSort;
}

export interface DiscoverySection {
  heading: string;
  text?: string;
  query: CatalogueQuery;
  /** Cards shown; "See all" opens explore with the same filters. */
  limit: number;
}

export type DiscoveryExtra = 'tracks' | 'categories' | 'plans' | 'share' | 'students';

export interface DiscoveryPageConfig {
  title: string;
  lead: string;
  extra?: DiscoveryExtra;
  sections: DiscoverySection[];
  cta?: { label: string; to: string };
}

export const LANGUAGE_TOPICS = ['Python', 'JavaScript', 'TypeScript', 'Go', 'Rust', 'C++'] as const;

export const DISCOVERY_PAGES: Record<string, DiscoveryPageConfig> = {
  '/track': {
    title: 'Language tracks',
    lead: 'Pick a language and follow its track: every course, project and assessment we publish for it, from first steps to the skill check.',
    extra: 'tracks',
    sections: [],
  },
  '/categories': {
    title: 'Browse by category',
    lead: 'The catalogue sorted two ways: by the kind of learning (read a course, follow a path, build a project, prove a skill) and by language.',
    extra: 'categories',
    sections: [],
  },
  '/learning-plans': {
    title: 'Learning plans',
    lead: 'A plan strings courses together in the order that makes sense, so you always know what to read next. Start with a skill path, or build your own from the courses below.',
    sections: [
      {
        heading: 'Skill paths',
        text: 'Several courses in one ordered plan, with progress kept across all of them.',
        query: { type: 'paths', sort: 'popular' },
        limit: 6,
      },
      {
        heading: 'Courses to start a plan with',
        text: 'Beginner courses that most plans open with.',
        query: { type: 'courses', difficulty: 'beginner', sort: 'popular' },
        limit: 6,
      },
    ],
    cta: { label: 'See your plans and progress', to: '/learn' },
  },
  '/prepare-for-interview': {
    title: 'Prepare for your interview',
    lead: 'Interviews ask you to write working code under a clock. Check where you stand with a timed skill assessment, then close the gaps with the intermediate and advanced courses it points you to.',
    sections: [
      {
        heading: 'Skill assessments',
        text: 'Timed questions with a score and a breakdown by topic.',
        query: { type: 'assessments', sort: 'popular' },
        limit: 6,
      },
      {
        heading: 'Go deeper',
        text: 'Intermediate courses that interviews draw on.',
        query: { type: 'courses', difficulty: 'intermediate', sort: 'popular' },
        limit: 6,
      },
      { heading: 'Hard mode', query: { difficulty: 'advanced', sort: 'popular' }, limit: 3 },
    ],
  },
  '/become-a-developer': {
    title: 'Become a developer',
    lead: 'No setup, no installs: read a short lesson, change the code beside it and run it in your browser. These beginner courses and paths assume nothing but curiosity.',
    sections: [
      {
        heading: 'Start here',
        text: 'Beginner courses, most-taken first.',
        query: { difficulty: 'beginner', type: 'courses', sort: 'popular' },
        limit: 6,
      },
      { heading: 'A path to follow', query: { type: 'paths', sort: 'popular' }, limit: 3 },
      {
        heading: 'Your first project',
        text: 'Build something small and real once the basics click.',
        query: { type: 'projects', sort: 'shortest' },
        limit: 3,
      },
    ],
    cta: { label: 'Create a free account', to: '/signup' },
  },
  '/grow-my-skillset': {
    title: 'Grow your skillset',
    lead: 'Already writing code for a living? Pick up a second language, go deeper in the one you use, and practise on projects and labs that run in a real sandbox.',
    sections: [
      {
        heading: 'Intermediate courses',
        query: { difficulty: 'intermediate', type: 'courses', sort: 'popular' },
        limit: 6,
      },
      { heading: 'Advanced material', query: { difficulty: 'advanced', sort: 'popular' }, limit: 3 },
      { heading: 'Hands-on projects', query: { type: 'projects', sort: 'popular' }, limit: 3 },
      { heading: 'Cloud labs', query: { type: 'cloudLabs' }, limit: 3 },
    ],
  },
  '/refer-a-friend': {
    title: 'Learn with a friend',
    lead: 'Learning sticks better with someone to compare notes with. Send a friend one of our free courses: they can read every lesson and run every example with a free account.',
    extra: 'share',
    sections: [{ heading: 'Free courses to share', query: { scope: 'free', sort: 'popular' }, limit: 9 }],
  },
  '/github-students': {
    title: 'For students on GitHub',
    lead: 'Students learn here the way they work on GitHub: by reading code, changing it and running it. Every free course is open to you with a free account, no card needed.',
    extra: 'students',
    sections: [
      { heading: 'Free courses and paths', query: { scope: 'free', sort: 'popular' }, limit: 9 },
      { heading: 'Projects for your portfolio', query: { type: 'projects', sort: 'popular' }, limit: 3 },
    ],
    cta: { label: 'Create a free account', to: '/signup' },
  },
  '/individual-learner': {
    title: 'For individual learners',
    lead: 'Learn at your own pace with courses, paths, projects and assessments. Free courses are free for good; one plan opens every priced course of its tier.',
    extra: 'plans',
    sections: [
      { heading: 'Most popular', query: { sort: 'popular' }, limit: 6 },
      { heading: 'Newest', query: { sort: 'newest' }, limit: 3 },
    ],
  },
};

/** The query string of GET /api/reader/featured_items and of the explore page's "See all" link. */
export function catalogueSearch(query: CatalogueQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['type', 'topic', 'difficulty', 'scope', 'sort'] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  return params;
}

/** Where "See all" goes: explore (free and early access have their own sub-pages) with the same filters. */
export function exploreLink(query: CatalogueQuery): string {
  const params = catalogueSearch(query);
  params.delete('scope');
  const base = query.scope ? `/explore/${query.scope}` : '/explore';
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}
