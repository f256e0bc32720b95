import { createContext } from 'react';

export interface ImageUploadTarget {
  authorId: number;
  collectionId: number;
  /** null: an image of the collection itself (its cover), not of a page. */
  pageId: number | null;
}

/**
 * The page whose images the widget forms upload. Provided by the page editor; without it (forms shown
 * outside a saved page) the Markdown form offers no upload.
 */
export const ImageUploadTargetContext = createContext<ImageUploadTarget | null>(null);
