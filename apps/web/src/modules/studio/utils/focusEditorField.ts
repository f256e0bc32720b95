// Where the studio's Search, Add collaborators and Rename shortcuts put the focus: each field already exists in
// the editor (the course search of a path, the People panel's add form, the titles), the shortcut only goes there.

export const TITLE_FIELD_ID = 'studio-title';
export const COLLABORATOR_EMAIL_FIELD_ID = 'studio-collaborator-email';
export const COURSE_SEARCH_FIELD_ID = 'studio-course-search';

function focusField(field: HTMLInputElement | null, select: boolean): boolean {
  if (!field) return false;
  field.focus();
  if (select) field.select();
  return true;
}

/** The selected table-of-contents row's title, or else the collection's own title, focused and selected. */
export function focusRenameField(): void {
  const row = document.querySelector<HTMLInputElement>(
    '.studio-selected > .studio-category-head .studio-category-title, li.studio-selected > input.studio-inline-input',
  );
  if (focusField(row, true)) return;
  focusField(document.querySelector<HTMLInputElement>(`#${TITLE_FIELD_ID}`), true);
}

/** The People panel's e-mail field (only its owner sees the form); else the panel is brought into view. */
export function focusAddCollaborator(): void {
  if (focusField(document.querySelector<HTMLInputElement>(`#${COLLABORATOR_EMAIL_FIELD_ID}`), false)) return;
  document.getElementById('studio-collaborators-title')?.scrollIntoView({ block: 'start' });
}

/** The path editor's course search. */
export function focusCourseSearch(): void {
  focusField(document.querySelector<HTMLInputElement>(`#${COURSE_SEARCH_FIELD_ID}`), true);
}
