import { DEFAULT_ERROR_STATUS, ErrorMessages, offlineStatusOfMessage } from '@coderoom/domain';
import { Link } from 'react-router';
import { usePageTitle } from '../modules/shell/usePageTitle';

const TEXTS: Record<number, { heading: string; text: string }> = {
  403: { heading: 'You do not have access to this page', text: 'Ask the owner for access, or go back home.' },
  404: {
    heading: 'We could not find that page',
    text: 'The address may be mistyped, or the page may have moved.',
  },
  500: { heading: 'Something went wrong', text: 'Please try again in a moment.' },
};

interface ErrorPageProps {
  code?: number;
  heading?: string;
  /** The answer's error text: a 404 that says the content is not in the subscription gets its own message. */
  errorText?: string;
}

/** Spec 001 §8: not found, with a specific message when the error text says it is not in the subscription. */
function isOutsideSubscription(code: number, errorText: string | undefined): boolean {
  return code === 404 && (errorText ?? '').includes(ErrorMessages.NotIncludedInSubscription);
}

/** The error page for a not-found or error code (default 404) with an optional heading. */
export function ErrorPage({ code = DEFAULT_ERROR_STATUS, heading, errorText }: ErrorPageProps) {
  const texts = isOutsideSubscription(code, errorText)
    ? {
        heading: ErrorMessages.ContentNotInSubscription,
        text: "Your organization's subscription does not include it. Ask your admin, or pick another course.",
      }
    : offlineStatusOfMessage(errorText) !== null
      ? // Item status 103/104: the server's text says who took it offline (docs/content-model.md "Offline").
        { heading: 'This course is offline', text: errorText ?? '' }
      : (TEXTS[code] ?? TEXTS[500]!);
  usePageTitle(heading ?? texts.heading);
  return (
    <main className="error-page" id="main">
      <p className="error-code">{code}</p>
      <h1>{heading ?? texts.heading}</h1>
      <p className="muted">{texts.text}</p>
      <Link className="btn btn-primary" to="/">
        Go to the home page
      </Link>
    </main>
  );
}
