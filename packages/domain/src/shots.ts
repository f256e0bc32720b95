// Answers ("shots", spec 000 §3 "Shot", §7 "Shots", §8): licences, messages and the canonical url rule.

/** Licences of a shot (spec 000 §3). */
export const ShotLicense = { Product: 9001, CcBySa4: 9002, CcByNcSa4: 9003 } as const;
export type ShotLicense = (typeof ShotLicense)[keyof typeof ShotLicense];

export const SHOT_LICENSE_LABELS: Record<ShotLicense, string> = {
  [ShotLicense.Product]: 'Owned by Coderoom',
  [ShotLicense.CcBySa4]: 'CC BY-SA 4.0',
  [ShotLicense.CcByNcSa4]: 'CC BY-NC-SA 4.0',
};

/** `?status=` of the shot reads (spec 000 §7). */
export const ShotStatus = { Published: 'published', Draft: 'draft' } as const;
export type ShotStatus = (typeof ShotStatus)[keyof typeof ShotStatus];

/** The page type of a shot's one page (spec 000 §3 "Page types"). */
export const SHOT_PAGE_TYPE = 'shot';

/** Spec 000 §8. */
export const ShotMessages = {
  UrlTaken: 'Shot already exists with url',
  InvalidCanonicalUrl: 'Invalid Canonical Url.',
  NotFound: 'Shot not found.',
  UnknownDraftViewer: 'No account uses this e-mail address.',
  InvalidAttributions: 'Attributions must be a JSON list of { "name", "url"? } entries.',
  NotPublished: 'This answer is not published.',
  AlreadyInReview: 'This answer is already waiting for review.',
} as const;

export const NEW_SHOT_TITLE = 'Untitled Answer';
export const SHOT_URL_MAX_LENGTH = 120;
export const SHOT_DRAFT_VIEWERS_MAX = 20;
export const SHOT_ATTRIBUTIONS_MAX = 20;
export const SHOT_TAGS_MAX = 10;
export const SHOTS_PAGE_SIZE = 12;
/** Words read per minute for a shot's read time. */
export const SHOT_WORDS_PER_MINUTE = 200;

/**
 * A canonical url is the last segment of /answers/{shotUrl}: lower-case letters and digits in words
 * joined by single hyphens, 3 to 120 characters ("how-to-reverse-a-list-in-python").
 */
export function isCanonicalShotUrl(url: string): boolean {
  return url.length >= 3 && url.length <= SHOT_URL_MAX_LENGTH && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(url);
}

/** A suggested canonical url for a title ("How do I … in C++?" → "how-do-i-in-cpp"). */
export function shotUrlFromTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/c\+\+/g, 'cpp')
    .replace(/c#/g, 'csharp')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SHOT_URL_MAX_LENGTH)
    .replace(/-+$/, '');
}

/** Minutes to read a text of `words` words (at least one). */
export function shotReadTime(words: number): number {
  return Math.max(1, Math.ceil(words / SHOT_WORDS_PER_MINUTE));
}

export const ShotFieldMessages = {
  EmptyContent: 'Add some content before publishing.',
  DuplicateCompId: 'Each widget needs its own comp_id.',
} as const;
