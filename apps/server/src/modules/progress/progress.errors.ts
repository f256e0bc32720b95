// Messages of the progress module (the spec names none for these).
export const ProgressErrors = {
  CertificateNotFound: 'No certificate matches this link.',
} as const;
