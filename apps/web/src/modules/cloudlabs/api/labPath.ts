import type { LabAddress } from './LabAddress';

/** The API path of a lab: /api/cloudlab/{a}/{c}/{lab}. */
export const labPath = (address: LabAddress) =>
  `/api/cloudlab/${address.authorId}/${address.collectionId}/${address.labId}`;
