// Why the collaboration server refuses a document. They reach the client as the permission-denied
// reason of the Hocuspocus protocol (the provider's onAuthenticationFailed), not as HTTP answers.
export const CollabErrors = {
  UnknownDocument: 'There is no such document.',
  NotCollaborative: 'Collaborative editing is not enabled for this course.',
  OriginRefused: 'Connections are only accepted from this site.',
} as const;
