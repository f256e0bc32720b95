import type { EditorPageWidget } from '@coderoom/contracts';
import { EditorPageKind, LeadFormBlockKind, MarketingWidgetType, renderMarkdown } from '@coderoom/domain';
import type { Db } from '../../platform/db/database.js';
import { newEtag } from '../../platform/http/etag.js';
import * as repo from './marketing.repository.js';

// The demo site's marketing page /m/for-teams and its first blog posts (docs/marketing.md). Written once:
// an existing page or category is left as the editors changed it.

const FOR_TEAMS_ID = 1_000_001;

const FOR_TEAMS: EditorPageWidget[] = [
  {
    type: MarketingWidgetType.HeroFeature,
    comp_id: 'hero',
    content: {
      eyebrow: 'Coderoom for teams',
      heading: 'Your team reads, runs and ships, in one place',
      text: 'Give every developer the same sandboxed courses, paths and projects. Assign what matters this quarter, see who finished it, and keep onboarding out of the wiki.',
      image_alt: '',
      cta: { label: 'See team pricing', href: '#pricing' },
    },
  },
  {
    type: MarketingWidgetType.Logos,
    comp_id: 'logos',
    content: {
      heading: 'Teams that learn with us',
      logos: [
        { name: 'Acme Robotics' },
        { name: 'Northwind Labs' },
        { name: 'Blue Harbor' },
        { name: 'Quillstack' },
      ],
    },
  },
  {
    type: MarketingWidgetType.Columns,
    comp_id: 'why',
    content: {
      heading: 'What a team plan adds',
      columns: [
        {
          title: 'Assign with due dates',
          text: 'Pick courses or a path for a team, set a date, and members see it on their Learn page the next time they sign in.',
        },
        {
          title: 'Progress without spreadsheets',
          text: 'The manager dashboard shows each person’s progress and exports it as CSV whenever the quarterly review asks.',
        },
        {
          title: 'Sign in the way you already do',
          text: 'Single sign-on with SAML or OIDC, so joiners get access on day one and leavers lose it with their account.',
        },
      ],
    },
  },
  {
    type: MarketingWidgetType.B2BPricing,
    comp_id: 'pricing',
    content: {
      heading: 'Team pricing',
      text: 'Seats are priced from our annual plans and billed once a year. Change the number of seats to see your total.',
      default_seats: 10,
      contact_href: '#teams-contact',
    },
  },
  {
    type: MarketingWidgetType.Testimonials,
    comp_id: 'quotes',
    content: {
      heading: 'From engineering leads',
      items: [
        {
          quote:
            'New hires run real Go in their first hour instead of fighting their laptop setup. Onboarding went from two weeks to four days.',
          name: 'Priya Raman',
          role: 'Engineering manager, Acme Robotics',
        },
        {
          quote: 'I assign the Rust ownership course before a code review starts, not after it goes badly.',
          name: 'Tomás Herrera',
          role: 'Staff engineer, Northwind Labs',
        },
      ],
    },
  },
  {
    type: MarketingWidgetType.Faqs,
    comp_id: 'faqs',
    content: {
      heading: 'Questions teams ask',
      items: [
        {
          question: 'Can we start with a few seats and add more later?',
          answer:
            'Yes. Start with two seats or more; added seats are charged for the rest of the year you are in.',
        },
        {
          question: 'Do members need to install anything?',
          answer: 'No. Every code block, project and lab runs in a sandbox in the browser.',
        },
        {
          question: 'Can a manager see what each person has done?',
          answer:
            'Managers see progress per person and per course, for their own teams only, and can export it as CSV.',
        },
      ],
    },
  },
  {
    type: MarketingWidgetType.LeadForm,
    comp_id: 'contact',
    content: {
      formId: 'teams-contact',
      portalId: 'sales',
      block_kind: LeadFormBlockKind.Form,
      heading: 'Talk to our team',
      text: 'Tell us how many people you would like to train and what they work on. We answer within one working day with a plan and a trial workspace.',
      background_colour: '#eef2ff',
      image_alt: '',
      submit_label: 'Send to sales',
    },
  },
];

const CATEGORIES = [
  {
    slug: 'engineering',
    name: 'Engineering',
    description: 'How the sandboxes, the editor and the servers behind them work.',
  },
  { slug: 'teaching', name: 'Teaching', description: 'What we learned writing courses that people finish.' },
];

const POSTS: {
  id: number;
  url: string;
  title: string;
  description: string;
  category: string;
  text: string;
}[] = [
  {
    id: 1_000_101,
    url: 'why-every-code-block-runs',
    title: 'Why every code block runs',
    description:
      'A lesson you can change and run teaches more than one you can only read. Here is how we make that cheap.',
    category: 'teaching',
    text: `Most programming tutorials show code you cannot touch. You read it, you nod, and a week later you cannot write it yourself.

We decided early that **every code block in a Coderoom lesson runs**. Change a line, press *Run*, and see what happens. The cost of an experiment drops to a few seconds, so learners make many more of them.

## What this asks of the course

A runnable block needs a complete program, not a fragment. Authors write the hidden setup once, and the learner only sees the lines that matter for the lesson.

## What it asks of us

Each run starts a fresh sandbox with no network, a private file system and a time limit. The next post explains how that stays fast.`,
  },
  {
    id: 1_000_102,
    url: 'a-sandbox-per-run',
    title: 'A sandbox per run, in milliseconds',
    description:
      'How a press of Run becomes a short-lived, locked-down process, and why we do not reuse them.',
    category: 'engineering',
    text: `When you press *Run*, your program gets a sandbox of its own: separate process and user namespaces, a read-only system, a scratch directory and hard limits on time, memory and output.

Reusing warm sandboxes would save a little time, but one learner's leftovers must never be another's input. A fresh sandbox per run is simpler to reason about, and starting one is cheap enough.

- No network, so a program cannot reach anything it should not.
- A wall-clock limit, so an endless loop ends on its own.
- An output cap, so a runaway print cannot flood the page.`,
  },
];

export async function seedMarketingDemo(db: Db, authorId: number, now: Date): Promise<boolean> {
  if (await repo.findPage(db, FOR_TEAMS_ID)) return false;
  await db.transaction(async (tx) => {
    for (const category of CATEGORIES) await repo.insertCategory(tx, category);
    await repo.insertPage(
      tx,
      {
        id: FOR_TEAMS_ID,
        kind: EditorPageKind.Marketing,
        url: 'for-teams',
        title: 'Coderoom for teams',
        authorId,
        etag: newEtag(),
      },
      now,
    );
    const description =
      'Courses, paths and projects for your whole team, with assignments, progress reports and single sign-on. Priced per seat.';
    await repo.updatePage(
      tx,
      FOR_TEAMS_ID,
      {
        description,
        components: FOR_TEAMS,
        isPublished: true,
        publishedTitle: 'Coderoom for teams',
        publishedDescription: description,
        publishedComponents: FOR_TEAMS,
        publishedAt: now,
      },
      now,
    );
    for (const [index, post] of POSTS.entries()) {
      const category = await repo.findCategoryBySlug(tx, post.category);
      const components: EditorPageWidget[] = [
        {
          type: 'MarkdownEditor',
          comp_id: 'body',
          content: { text: post.text, mdHtml: renderMarkdown(post.text).html },
        },
      ];
      const publishedAt = new Date(now.getTime() - (POSTS.length - index) * 86_400_000);
      await repo.insertPage(
        tx,
        {
          id: post.id,
          kind: EditorPageKind.Blog,
          url: post.url,
          title: post.title,
          authorId,
          etag: newEtag(),
        },
        now,
      );
      await repo.updatePage(
        tx,
        post.id,
        {
          description: post.description,
          categoryId: category?.id ?? null,
          components,
          isPublished: true,
          publishedTitle: post.title,
          publishedDescription: post.description,
          publishedComponents: components,
          publishedAt,
        },
        now,
      );
    }
  });
  return true;
}
