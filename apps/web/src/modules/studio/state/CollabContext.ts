import { createContext } from 'react';
import type { CollabSession } from '../../collab/createCollabSession';
import type { SharedMap } from '../../collab/utils/collabDocument';

export interface CollabBinding {
  session: CollabSession;
  /** A shared field changed (here or elsewhere): updates the preview and the widget list, saves nothing. */
  onText: (map: SharedMap, compId: string, text: string) => void;
}

/**
 * The lesson's live document, provided by the page editor of a collaborative course once it is loaded.
 * Markdown forms and Code forms' starter code bind to it instead of their plain text areas.
 */
export const CollabContext = createContext<CollabBinding | null>(null);
