export const SpaMessages = {
  BuildFailed: 'Build failed',
} as const;
