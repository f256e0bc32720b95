/** Where a cloud lab lives: /cloudlab/{authorId}/{collectionId}/{labId}/… */
export interface LabAddress {
  authorId: number;
  collectionId: number;
  labId: number;
}
