import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router';
import { lessonQuery } from '../modules/reader/api/lessonQuery';
import { AliasOrNotFound } from './AliasOrNotFound';
import { AppShell } from './AppShell';
import { queryClient } from './queryClient';
import { RouteError } from './RouteError';

/** Starts fetching the lesson while its page's code downloads; never blocks the navigation. */
function prefetchLesson({ params, request }: LoaderFunctionArgs) {
  const ids = [params.authorId, params.collectionId, params.pageId].map(Number);
  if (ids.every((id) => Number.isSafeInteger(id) && id > 0)) {
    const [authorId = 0, collectionId = 0, pageId = 0] = ids;
    const draft = new URL(request.url).pathname.endsWith('/draft');
    void queryClient.prefetchQuery(lessonQuery(authorId, collectionId, pageId, draft));
  }
  return null;
}

// Each area is its own chunk, loaded when first visited.
export const router = createBrowserRouter([
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
      ...['learn', 'learn/:tab'].map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('../pages/LearnPage')).LearnPage }),
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
      {
        path: 'notes',
        lazy: async () => ({ Component: (await import('../pages/NotesPage')).NotesPage }),
      },
      {
        path: 'dev/widgets',
        lazy: async () => ({ Component: (await import('../pages/WidgetGalleryPage')).WidgetGalleryPage }),
      },
      {
        path: 'settings',
        lazy: async () => ({ Component: (await import('../pages/SettingsPage')).SettingsPage }),
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
      { path: '*', element: <AliasOrNotFound /> },
    ],
  },
]);
