import type { LabAddress } from './LabAddress';

/** The editor API path of a lab: /api/author/{a}/collection/{c}/cloudlab/{lab}. */
export const editorPath = (address: LabAddress) =>
  `/api/author/${address.authorId}/collection/${address.collectionId}/cloudlab/${address.labId}`;
