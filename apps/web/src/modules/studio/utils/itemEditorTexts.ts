/** The messages an item editor shows, worded for what it edits ("question", "task", "project"). */
export interface ItemEditorTexts {
  saved: string;
  notSaved: string;
  saveBeforeMoving: string;
  orderNotSaved: string;
  notDeleted: string;
  save: string;
  deleteTitle: string;
  /** The editor's heading: "Question 3", or "New question" for one not stored yet (null). */
  heading: (position: number | null) => string;
}

export function itemEditorTexts(noun: string): ItemEditorTexts {
  const capitalized = noun.charAt(0).toUpperCase() + noun.slice(1);
  return {
    saved: `${capitalized} saved.`,
    notSaved: `The ${noun} was not saved.`,
    saveBeforeMoving: `Save the ${noun} before moving it.`,
    orderNotSaved: 'The order was not saved.',
    notDeleted: `The ${noun} was not deleted.`,
    save: `Save ${noun}`,
    deleteTitle: `Delete this ${noun}?`,
    heading: (position) => (position === null ? `New ${noun}` : `${capitalized} ${position}`),
  };
}
