import {
  EditorPageKind,
  ErrorStatus,
  excerpt,
  PRODUCT_NAME,
  SiteTitle,
  workTypeLabel,
} from '@coderoom/domain';
import { AppError } from '../../platform/http/errors.js';
import type { ContentService } from '../content/content.service.js';
import type { MarketingService } from '../marketing/marketing.service.js';
import type { PageMeta } from './pagemeta.html.js';

// What each public page is, for the tags index.html carries (docs/catalog.md). Only what a logged-out
// visitor may already read is used: a course's card and outline, a lesson's title and summary.

export interface PageMetaDeps {
  content: Pick<ContentService, 'viewByCode' | 'viewById'>;
  /** Published marketing pages and blog posts (modules/marketing). */
  editorPages?: Pick<MarketingService, 'readPublished'>;
}

const SITE = `${PRODUCT_NAME} — ${SiteTitle.Main}`;
const DESCRIPTION_MAX = 160;

export const DEFAULT_DESCRIPTION =
  'Learn to code with interactive courses for software developers: read, run and test real code in your browser, build projects in your own sandbox and prove your skills.';

/** The discovery pages of 000 §2 (docs/marketing.md). */
const DISCOVERY_META: Record<string, { page: string; description: string }> = {
  '/track': {
    page: 'Language tracks',
    description:
      'Follow a language track on Coderoom: every course, project and assessment for Python, JavaScript, TypeScript, Go, Rust and C++.',
  },
  '/categories': {
    page: 'Browse by category',
    description:
      'Browse Coderoom by kind of learning, by language and by level: courses, skill paths, projects, assessments and cloud labs.',
  },
  '/learning-plans': {
    page: 'Learning plans',
    description:
      'Skill paths and beginner courses that string together into a plan, so you always know what to read next.',
  },
  '/prepare-for-interview': {
    page: 'Prepare for your interview',
    description:
      'Timed skill assessments and intermediate courses to get ready for coding interviews, with code you run in the browser.',
  },
  '/become-a-developer': {
    page: 'Become a developer',
    description:
      'Beginner courses, paths and first projects: read a short lesson, change the code beside it and run it in your browser.',
  },
  '/grow-my-skillset': {
    page: 'Grow your skillset',
    description:
      'Intermediate and advanced courses, hands-on projects and cloud labs for developers who already write code for a living.',
  },
  '/refer-a-friend': {
    page: 'Learn with a friend',
    description:
      'Send a friend a free Coderoom course: every lesson and every runnable example is open with a free account.',
  },
  '/github-students': {
    page: 'For students on GitHub',
    description:
      'Free interactive programming courses and portfolio projects for students, open with a free account and no card.',
  },
  '/individual-learner': {
    page: 'For individual learners',
    description:
      'Courses, paths, projects and assessments at your own pace: free courses for good, and one plan for every priced course of its tier.',
  },
};

/** Public pages whose words do not come from the database: path → page title and description. */
const FIXED_PAGES: Record<string, { page: string | null; description: string }> = {
  '/': { page: null, description: DEFAULT_DESCRIPTION },
  '/explore': {
    page: 'Explore',
    description:
      'Browse interactive courses, skill paths, projects, assessments and cloud labs in Python, TypeScript, JavaScript, Go, Rust and C++. Filter by level and length.',
  },
  '/explore/free': {
    page: 'Explore',
    description:
      'Free interactive programming courses and paths: read, run and test real code in your browser.',
  },
  '/explore/early-access': {
    page: 'Explore',
    description: 'Early-access courses on Coderoom: new material you can read and run before it is finished.',
  },
  '/about': {
    page: 'About',
    description:
      'Coderoom is a text-first learning platform for developers: lessons you can skim, code you can run, and practice that checks you understood.',
  },
  '/pricing': {
    page: 'Pricing',
    description:
      'What Coderoom costs: free courses for everyone, and a plan that opens every course, path and project.',
  },
  '/terms': {
    page: 'Terms of Service',
    description:
      'The terms that apply when you use Coderoom: your account, your code, fair use of the sandboxes.',
  },
  '/privacy': {
    page: 'Privacy Policy',
    description: 'What Coderoom stores about you, why, for how long, and how to download or delete it.',
  },
  '/blog': {
    page: 'Blog',
    description:
      'Notes from the people who write the Coderoom courses and run its sandboxes: teaching, tooling and the languages we use.',
  },
  ...DISCOVERY_META,
  '/login': {
    page: 'Log in',
    description: 'Log in to Coderoom to continue your courses, paths and projects.',
  },
  '/signup': {
    page: 'Sign up',
    description:
      'Create a free Coderoom account: interactive courses with a real sandbox behind every code block.',
  },
};

const EDITOR_PAGE = /^\/(m|blog)\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;
const ITEM_BY_CODE = /^\/(?:courses|paths|projects|assessments|cloudlabs)\/[^/]+\/([a-z0-9]{4,32})$/;
const ITEM_BY_ID = /^\/(?:collection|path)\/(\d{1,15})\/(\d{1,15})$/;
const LESSON = /^\/(?:collection|module)\/page\/(\d{1,15})\/(\d{1,15})\/(\d{1,15})$/;

const titled = (page: string | null) => (page ? `${page} · ${SITE}` : SITE);

function fallback(path: string): PageMeta {
  // Signed-in areas, editors and unknown paths: the site's own words, and not for search engines.
  return { title: SITE, description: DEFAULT_DESCRIPTION, path, type: 'website', noindex: true };
}

/**
 * A missing, private or offline item (403 with the reason, docs/content-model.md "Offline") is a page like
 * any unknown one: the app then shows the reader why. Anything else is a real failure.
 */
function isNotReadable(error: unknown): boolean {
  return (
    error instanceof AppError &&
    (error.status === ErrorStatus.NotFound ||
      error.status === ErrorStatus.Unauthorized ||
      error.status === ErrorStatus.AccessDenied)
  );
}

export function createPageMetaService({ content, editorPages }: PageMetaDeps) {
  /** A published marketing page or blog post: its own title and description. */
  async function editorPageMeta(path: string, kind: 'm' | 'blog', url: string): Promise<PageMeta | null> {
    if (!editorPages) return null;
    try {
      const page = await editorPages.readPublished(
        kind === 'm' ? EditorPageKind.Marketing : EditorPageKind.Blog,
        url,
      );
      return {
        title: titled(page.title),
        description: excerpt(page.description || `${page.title} on ${PRODUCT_NAME}.`, DESCRIPTION_MAX),
        path,
        type: kind === 'blog' ? 'article' : 'website',
        noindex: false,
      };
    } catch (error) {
      if (isNotReadable(error)) return null;
      throw error;
    }
  }

  async function itemMeta(
    path: string,
    load: () => ReturnType<ContentService['viewById']>,
  ): Promise<PageMeta | null> {
    try {
      const view = await load();
      const { card } = view;
      const summary =
        card.summary || `${workTypeLabel(card.work_type)} by ${card.author_name} on ${PRODUCT_NAME}.`;
      return {
        title: titled(card.title),
        description: excerpt(summary, DESCRIPTION_MAX),
        path,
        type: 'article',
        noindex: false,
      };
    } catch (error) {
      if (isNotReadable(error)) return null;
      throw error;
    }
  }

  async function lessonMeta(
    path: string,
    authorId: number,
    collectionId: number,
    pageId: number,
  ): Promise<PageMeta | null> {
    try {
      const view = await content.viewById(null, authorId, collectionId, false);
      const pages = view.toc.flatMap((category) => category.pages);
      const index = pages.findIndex((entry) => entry.page_id === pageId);
      const entry = pages[index];
      if (!entry) return null;
      const where = `Lesson ${index + 1} of ${pages.length} in ${view.card.title}, an interactive ${workTypeLabel(view.card.work_type).toLowerCase()} on ${PRODUCT_NAME}.`;
      return {
        title: titled(`${entry.title} – ${view.card.title}`),
        description: excerpt(
          entry.brief_summary ? `${entry.brief_summary} ${where}` : where,
          DESCRIPTION_MAX,
        ),
        path,
        type: 'article',
        noindex: false,
      };
    } catch (error) {
      if (isNotReadable(error)) return null;
      throw error;
    }
  }

  return {
    /** The tags' contents for a path of the web app (no query string). */
    async metaFor(rawPath: string): Promise<PageMeta> {
      const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
      const fixed = FIXED_PAGES[path];
      if (fixed) {
        return {
          title: titled(fixed.page),
          description: fixed.description,
          path,
          type: 'website',
          noindex: false,
        };
      }
      const editorPage = EDITOR_PAGE.exec(path);
      if (editorPage?.[1] && editorPage[2] && editorPage[2] !== 'category') {
        return (await editorPageMeta(path, editorPage[1] as 'm' | 'blog', editorPage[2])) ?? fallback(path);
      }
      const byCode = ITEM_BY_CODE.exec(path);
      if (byCode?.[1]) {
        const encodedId = byCode[1];
        return (await itemMeta(path, () => content.viewByCode(null, encodedId))) ?? fallback(path);
      }
      const byId = ITEM_BY_ID.exec(path);
      if (byId) {
        const [authorId, collectionId] = [Number(byId[1]), Number(byId[2])];
        return (
          (await itemMeta(path, () => content.viewById(null, authorId, collectionId, false))) ??
          fallback(path)
        );
      }
      const lesson = LESSON.exec(path);
      if (lesson) {
        const [authorId, collectionId, pageId] = [Number(lesson[1]), Number(lesson[2]), Number(lesson[3])];
        return (await lessonMeta(path, authorId, collectionId, pageId)) ?? fallback(path);
      }
      return fallback(path);
    },
  };
}

export type PageMetaService = ReturnType<typeof createPageMetaService>;
