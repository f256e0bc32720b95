import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { courseHomeQuery } from '../modules/reader/api/courseHomeQuery';
import { lessonQuery } from '../modules/reader/api/lessonQuery';
import { hasLoggedInMarker } from '../modules/session/hasLoggedInMarker';
import { AliasOrNotFound } from './AliasOrNotFound';
import { AppShell } from './AppShell';
import { queryClient } from './queryClient';
import { RouteError } from './RouteError';

/** Starts fetching the lesson while its page's code downloads; never blocks the navigation. */
function prefetchLesson({ params, request }: LoaderFunctionArgs) {
  // Rendered on the server (modules/ssr), the page asks for its own data; this cache is the browser's.
  if (typeof document === 'undefined') return null;
  const ids = [params.authorId, params.collectionId, params.pageId].map(Number);
  if (ids.every((id) => Number.isSafeInteger(id) && id > 0)) {
    const [authorId = 0, collectionId = 0, pageId = 0] = ids;
    const draft = new URL(request.url).pathname.endsWith('/draft');
    // Logged out, the page reads the course outline first (a locked lesson is not asked for at all).
    if (!draft && !hasLoggedInMarker()) {
      void queryClient.prefetchQuery(courseHomeQuery({ kind: 'id', authorId, collectionId, draft: false }));
    } else {
      void queryClient.prefetchQuery(lessonQuery(authorId, collectionId, pageId, draft));
    }
  }
  return null;
}

// Each area is its own chunk, loaded when first visited. The browser's router (router.tsx) and the server's
// rendering of public pages (entry-server.tsx) share this one table.
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    // The first page's code is still loading: an empty frame, as before the router existed (and no warning).
    hydrateFallbackElement: <div className="app" aria-busy="true" />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../pages/LandingPage')).LandingPage }) },
      { path: 'login', lazy: async () => ({ Component: (await import('../pages/LoginPage')).LoginPage }) },
      { path: 'signup', lazy: async () => ({ Component: (await import('../pages/SignupPage')).SignupPage }) },
      {
        path: 'password-reset',
        lazy: async () => ({ Component: (await import('../pages/PasswordResetPage')).PasswordResetPage }),
      },
      {
        path: 'signup-and-reset-password/:token',
        lazy: async () => ({ Component: (await import('../pages/NewPasswordPage')).NewPasswordPage }),
      },
      // The public site's own pages, linked from the footer.
      { path: 'about', lazy: async () => ({ Component: (await import('../pages/AboutPage')).AboutPage }) },
      {
        path: 'pricing',
        lazy: async () => ({ Component: (await import('../pages/PricingPage')).PricingPage }),
      },
      // Plans, checkout and receipts (docs/commerce.md).
      {
        path: 'unlimited',
        lazy: async () => ({ Component: (await import('../pages/UnlimitedPage')).UnlimitedPage }),
      },
      {
        path: 'redeem-gift',
        lazy: async () => ({ Component: (await import('../pages/RedeemGiftPage')).RedeemGiftPage }),
      },
      {
        path: 'checkout/:checkoutType',
        lazy: async () => ({ Component: (await import('../pages/CheckoutPage')).CheckoutPage }),
      },
      ...['order-confirmation', 'order-confirmation/stripe'].map((path) => ({
        path,
        lazy: async () => ({
          Component: (await import('../pages/OrderConfirmationPage')).OrderConfirmationPage,
        }),
      })),
      { path: 'terms', lazy: async () => ({ Component: (await import('../pages/TermsPage')).TermsPage }) },
      {
        path: 'privacy',
        lazy: async () => ({ Component: (await import('../pages/PrivacyPage')).PrivacyPage }),
      },
      ...['learn', 'learn/:tab'].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../pages/LearnPage')).LearnPage }),
      })),
      // Answers ("shots", docs/answers.md).
      {
        path: 'answers',
        lazy: async () => ({ Component: (await import('../pages/AnswersPage')).AnswersPage }),
      },
      {
        path: 'answers/:shotUrl',
        lazy: async () => ({ Component: (await import('../pages/AnswerPage')).AnswerPage }),
      },
      ...['create-answer', 'answereditor/:id'].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../pages/AnswerEditorPage')).AnswerEditorPage }),
      })),
      // Proofreading of articles (docs/proofreading.md): spec 000 §2's routes, with and without {pageId}.
      {
        path: 'proofread',
        lazy: async () => ({ Component: (await import('../pages/ProofreadQueuePage')).ProofreadQueuePage }),
      },
      ...[
        'proofread/:authorId/:collectionId/document/:docId',
        'proofread/:authorId/:collectionId/document/:docId/incorporate',
        'proofread/:authorId/:collectionId/document/:docId/preview',
        'proofread/:authorId/:collectionId/document/:docId/pass/:selectedPass/preview',
        'proofread/:authorId/:collectionId/document/:docId/pass/:basePass/:selectedPass/preview',
        'proofread/:authorId/:collectionId/document/:docId/reviewIncorporations',
        'proofread/:authorId/:collectionId/document/:docId/:pageId',
        'proofread/:authorId/:collectionId/document/:docId/:pageId/incorporate',
        'proofread/:authorId/:collectionId/document/:docId/:pageId/preview',
        'proofread/:authorId/:collectionId/document/:docId/:pageId/pass/:selectedPass/preview',
        'proofread/:authorId/:collectionId/document/:docId/:pageId/pass/:basePass/:selectedPass/preview',
        'proofread/:authorId/:collectionId/document/:docId/:pageId/reviewIncorporations',
      ].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../pages/ProofreadPage')).ProofreadPage }),
      })),
      ...['explore', 'explore/free', 'explore/early-access'].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../pages/ExplorePage')).ExplorePage }),
      })),
      ...[
        'courses/:slug/:encodedId',
        'paths/:slug/:encodedId',
        'collection/:authorId/:collectionId',
        'collection/:authorId/:collectionId/draft',
        'path/:authorId/:collectionId',
      ].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../pages/CoursePage')).CoursePage }),
      })),
      ...[
        'collection/page/:authorId/:collectionId/:pageId',
        'collection/page/:authorId/:collectionId/:pageId/draft',
        'module/page/:authorId/:collectionId/:pageId',
      ].map((path) => ({
        path,
        loader: prefetchLesson,
        lazy: async () => ({ Component: (await import('../pages/LessonPage')).LessonPage }),
      })),
      {
        path: 'certificates',
        lazy: async () => ({ Component: (await import('../pages/CertificatesPage')).CertificatesPage }),
      },
      {
        path: 'certificate/:hash',
        lazy: async () => ({ Component: (await import('../pages/CertificatePage')).CertificatePage }),
      },
      ...['enterprise-dashboard', 'enterprise-dashboard/:section'].map((path) => ({
        path,
        lazy: async () => ({
          Component: (await import('../pages/EnterpriseDashboardPage')).EnterpriseDashboardPage,
        }),
      })),
      {
        path: 'onboarding/admin',
        lazy: async () => ({ Component: (await import('../pages/OnboardingAdminPage')).OnboardingAdminPage }),
      },
      // Plans, the mentor dashboard and the organization user's landing (docs/organizations.md).
      {
        path: 'onboarding',
        lazy: async () => ({
          Component: (await import('../pages/OnboardingLandingPage')).OnboardingLandingPage,
        }),
      },
      ...['onboarding/plans', 'onboarding/plans/:planId'].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../pages/OnboardingPlansPage')).OnboardingPlansPage }),
      })),
      ...['onboarding/assigned-plans', 'onboarding/assigned-plans/:assignmentId'].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../pages/AssignedPlanPage')).AssignedPlanPage }),
      })),
      // The plan reader (docs/organizations.md "Plan reader"; spec 000 §2's plan routes).
      ...[
        'plan/:authorId/:planId',
        'plan/:authorId/:planId/preview',
        'plan/:authorId/:planId/draft',
        'plan/:authorId/:planId/mentee/:memberId',
        'plan/page/:authorId/:planId/:pageNumber',
        'plan/page/:authorId/:planId/:pageNumber/template',
        'plan/page/:authorId/:planId/:pageNumber/mentee/:memberId',
      ].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../pages/PlanReaderPage')).PlanReaderPage }),
      })),
      {
        path: 'plan/:authorId/:planId/edit',
        lazy: async () => ({ Component: (await import('../pages/PlanReaderPage')).PlanEditRedirect }),
      },
      {
        path: 'onboarding/dashboard',
        lazy: async () => ({ Component: (await import('../pages/MentorDashboardPage')).MentorDashboardPage }),
      },
      {
        path: 'notifications',
        lazy: async () => ({ Component: (await import('../pages/NotificationsPage')).NotificationsPage }),
      },
      {
        path: 'notes',
        lazy: async () => ({ Component: (await import('../pages/NotesPage')).NotesPage }),
      },
      {
        path: 'dev/widgets',
        lazy: async () => ({ Component: (await import('../pages/WidgetGalleryPage')).WidgetGalleryPage }),
      },
      {
        path: 'onboarding/:stage',
        lazy: async () => ({ Component: (await import('../pages/OnboardingPage')).OnboardingPage }),
      },
      {
        path: 'settings',
        lazy: async () => ({ Component: (await import('../pages/SettingsPage')).SettingsPage }),
      },
      {
        path: 'settings/billing',
        lazy: async () => ({ Component: (await import('../pages/BillingSettingsPage')).BillingSettingsPage }),
      },
      {
        path: 'playground',
        lazy: async () => ({ Component: (await import('../pages/PlaygroundPage')).PlaygroundPage }),
      },
      {
        path: 'assessments/:slug/:encodedId',
        lazy: async () => ({ Component: (await import('../pages/AssessmentHomePage')).AssessmentHomePage }),
      },
      {
        path: 'assessment/:authorId/:collectionId/:attemptId/:questionId',
        lazy: async () => ({
          Component: (await import('../pages/AssessmentQuestionPage')).AssessmentQuestionPage,
        }),
      },
      {
        path: 'assessment/:authorId/:collectionId/:attemptId/result',
        lazy: async () => ({
          Component: (await import('../pages/AssessmentResultPage')).AssessmentResultPage,
        }),
      },
      {
        path: 'shared/assessment/:token',
        lazy: async () => ({
          Component: (await import('../pages/SharedAssessmentResultPage')).SharedAssessmentResultPage,
        }),
      },
      {
        path: 'projects/:slug/:encodedId',
        lazy: async () => ({ Component: (await import('../pages/ProjectHomePage')).ProjectHomePage }),
      },
      {
        path: 'project/:authorId/:collectionId/:projectId/:componentId',
        lazy: async () => ({ Component: (await import('../pages/ProjectTaskPage')).ProjectTaskPage }),
      },
      {
        path: 'cloudlabs/:slug/:encodedId',
        lazy: async () => ({ Component: (await import('../pages/CloudLabHomePage')).CloudLabHomePage }),
      },
      {
        path: 'cloudlab/:authorId/:collectionId/:labId/:taskId',
        lazy: async () => ({ Component: (await import('../pages/CloudLabTaskPage')).CloudLabTaskPage }),
      },
      {
        path: 'admin/mailbox',
        lazy: async () => ({ Component: (await import('../pages/MailboxPage')).MailboxPage }),
      },
      {
        path: 'admin/proofreaders',
        lazy: async () => ({
          Component: (await import('../pages/AdminProofreadersPage')).AdminProofreadersPage,
        }),
      },
      {
        path: 'admin/features',
        lazy: async () => ({ Component: (await import('../pages/AdminFeaturesPage')).AdminFeaturesPage }),
      },
      // The author studio.
      ...['teach', 'create'].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../pages/TeachPage')).TeachPage }),
      })),
      {
        path: 'collectioneditor/:authorId/:collectionId',
        lazy: async () => ({
          Component: (await import('../pages/CollectionEditorPage')).CollectionEditorPage,
        }),
      },
      {
        path: 'collectioneditor/:authorId/:collectionId/learner-help',
        lazy: async () => ({ Component: (await import('../pages/LearnerHelpPage')).LearnerHelpPage }),
      },
      {
        path: 'patheditor/:authorId/:collectionId',
        lazy: async () => ({ Component: (await import('../pages/PathEditorPage')).PathEditorPage }),
      },
      {
        path: 'pageeditor/:authorId/:collectionId/:pageId',
        lazy: async () => ({ Component: (await import('../pages/PageEditorPage')).PageEditorPage }),
      },
      ...[
        'collection/:authorId/:collectionId/versions',
        'collection/page/:authorId/:collectionId/:pageId/versions',
      ].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../pages/VersionHistoryPage')).VersionHistoryPage }),
      })),
      {
        path: 'questionnaires/:slug/:encodedId',
        lazy: async () => ({ Component: (await import('../pages/QuestionnairePage')).QuestionnairePage }),
      },
      ...[
        'assessmenteditor/:authorId/:collectionId/:assessmentId',
        'assessmenteditor/:authorId/:collectionId/:assessmentId/:questionId',
        'enterprise/assessmenteditor/:authorId/:collectionId/:assessmentId',
        'enterprise/assessmenteditor/:authorId/:collectionId/:assessmentId/:questionId',
      ].map((path) => ({
        path,
        lazy: async () => ({
          Component: (await import('../pages/AssessmentEditorPage')).AssessmentEditorPage,
        }),
      })),
      ...[
        'projecteditor/:authorId/:collectionId/:projectId',
        'projecteditor/:authorId/:collectionId/:projectId/:componentId',
      ].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../pages/ProjectEditorPage')).ProjectEditorPage }),
      })),
      ...[
        'cloudlabeditor/:authorId/:collectionId/:labId',
        'cloudlabeditor/:authorId/:collectionId/:labId/:taskId',
      ].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../pages/CloudLabEditorPage')).CloudLabEditorPage }),
      })),
      {
        path: 'admin/review-queue',
        lazy: async () => ({ Component: (await import('../pages/ReviewQueuePage')).ReviewQueuePage }),
      },
      // The work area (docs/work.md).
      {
        path: 'work',
        lazy: async () => ({ Component: (await import('../pages/WorkHomePage')).WorkHomePage }),
      },
      {
        path: 'work/projects',
        lazy: async () => ({ Component: (await import('../pages/WorkProjectsPage')).WorkProjectsPage }),
      },
      {
        path: 'work/projects/private',
        lazy: async () => ({
          Component: (await import('../pages/WorkProjectsPage')).WorkPrivateProjectsPage,
        }),
      },
      {
        path: 'work/docs',
        lazy: async () => ({ Component: (await import('../pages/WorkDocsPage')).WorkDocsPage }),
      },
      {
        path: 'work/docs/private',
        lazy: async () => ({ Component: (await import('../pages/WorkDocsPage')).WorkPrivateDocsPage }),
      },
      {
        path: 'work/tasks',
        lazy: async () => ({ Component: (await import('../pages/WorkTasksPage')).WorkTasksPage }),
      },
      {
        path: 'work/trash',
        lazy: async () => ({ Component: (await import('../pages/WorkTrashPage')).WorkTrashPage }),
      },
      {
        path: 'work/reviews',
        lazy: async () => ({ Component: (await import('../pages/WorkReviewsPage')).WorkReviewsPage }),
      },
      {
        path: 'work/groups',
        lazy: async () => ({ Component: (await import('../pages/WorkGroupsPage')).WorkGroupsPage }),
      },
      {
        path: 'work/scheduled-reports',
        lazy: async () => ({ Component: (await import('../pages/WorkReportsPage')).WorkReportsPage }),
      },
      {
        path: 'work/onboarding',
        lazy: async () => ({ Component: (await import('../pages/WorkOnboardingPage')).WorkOnboardingPage }),
      },
      {
        path: 'work-product',
        lazy: async () => ({ Component: (await import('../pages/WorkProductPage')).WorkProductPage }),
      },
      ...['work/project/:id', 'work/docs/:id', 'work/doc/:id'].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../pages/WorkItemPage')).WorkItemPage }),
      })),
      ...['work/task/:id', 'work/group/:id'].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../pages/WorkItemPage')).WorkItemPage }),
      })),
      // Marketing pages, the blog and their editor (docs/marketing.md).
      {
        path: 'm/:url',
        lazy: async () => ({ Component: (await import('../pages/MarketingPage')).MarketingPage }),
      },
      ...['blog', 'blog/category/:slug'].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../pages/BlogPage')).BlogPage }),
      })),
      {
        path: 'blog/:url',
        lazy: async () => ({ Component: (await import('../pages/BlogPostPage')).BlogPostPage }),
      },
      ...['editor-page', 'create/:kind/create-editor-page'].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../pages/EditorPagesPage')).EditorPagesPage }),
      })),
      {
        path: 'editor-page/:id',
        lazy: async () => ({
          Component: (await import('../pages/EditorPageEditorPage')).EditorPageEditorPage,
        }),
      },
      // Discovery pages of 000 §2 built on the catalogue (docs/marketing.md).
      ...[
        'track',
        'categories',
        'learning-plans',
        'prepare-for-interview',
        'become-a-developer',
        'grow-my-skillset',
        'github-students',
        'individual-learner',
      ].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../pages/DiscoveryPage')).DiscoveryPage }),
      })),
      {
        path: 'affiliate/:userId/sales',
        lazy: async () => ({ Component: (await import('../pages/AffiliateSalesPage')).AffiliateSalesPage }),
      },
      {
        path: 'admin/revenue',
        lazy: async () => ({ Component: (await import('../pages/AdminRevenuePage')).AdminRevenuePage }),
      },
      {
        path: 'admin/refunds',
        lazy: async () => ({ Component: (await import('../pages/AdminRefundsPage')).AdminRefundsPage }),
      },
      {
        path: 'teach/payouts',
        lazy: async () => ({ Component: (await import('../pages/AuthorPayoutsPage')).AuthorPayoutsPage }),
      },
      {
        path: 'refer-a-friend',
        lazy: async () => ({ Component: (await import('../pages/ReferAFriendPage')).ReferAFriendPage }),
      },
      {
        path: 'mycourses',
        lazy: async () => ({ Component: (await import('../pages/MyCoursesPage')).MyCoursesPage }),
      },
      { path: '*', element: <AliasOrNotFound /> },
    ],
  },
];
