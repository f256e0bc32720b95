export const videoKeys = {
  all: ['video'] as const,
  streamToken: (videoId: number) => ['video', 'stream-token', videoId] as const,
  streamStatus: (videoId: number) => ['video', 'stream-status', videoId] as const,
};
