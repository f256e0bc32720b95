// Messages of the content module. The spec names no texts for these; ours are plain and specific.
export const ContentErrors = {
  NotFound: 'This content does not exist or is not available to you.',
  PageNotFound: 'This lesson does not exist or is not part of this course.',
  NotACodeWidget: 'This widget cannot run code.',
  WidgetNotFound: 'This widget does not exist on this lesson.',
  VersionNotFound: 'This version of the course does not exist.',
} as const;
