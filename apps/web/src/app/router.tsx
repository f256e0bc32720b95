import { createBrowserRouter } from 'react-router';
import { AliasOrNotFound } from './AliasOrNotFound';
import { AppShell } from './AppShell';
import { RouteError } from './RouteError';

// Each area is its own chunk, loaded when first visited.
export const router = createBrowserRouter([
  {
    element: <AppShell />,
    errorElement: <RouteError />,
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
      {
        path: 'learn/home',
        lazy: async () => ({ Component: (await import('../pages/LearnHomePage')).LearnHomePage }),
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
        path: 'admin/mailbox',
        lazy: async () => ({ Component: (await import('../pages/MailboxPage')).MailboxPage }),
      },
      { path: '*', element: <AliasOrNotFound /> },
    ],
  },
]);
