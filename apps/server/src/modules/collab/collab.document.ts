import type { Widget } from '@coderoom/contracts';
import * as Y from 'yjs';

// The shape of a lesson's Yjs document, shared by the server and the web editor (which repeats the
// map names in apps/web/src/modules/collab/utils/collabDocument.ts): one Y.Text per shared field of a
// widget, keyed by comp_id, in one map per field: MARKDOWN_MAP for Markdown widgets' text, CODE_MAP for
// Code widgets' starter code. The widget list itself (order, other fields and widgets, the title) is
// saved through the ordinary page save with its eTag; only these texts merge character by character.

export const MARKDOWN_MAP = 'markdown';
export const CODE_MAP = 'code';
/** The eTag of the last structure save, in the map META_MAP: editors reload the widget list when it changes. */
export const META_MAP = 'meta';
export const STRUCTURE_KEY = 'structure_etag';

/** A widget field edited live: where its Y.Text lives, and how to read and write it on a widget. */
interface SharedField {
  map: string;
  read(widget: Widget): string | undefined;
  write(widget: Widget, text: string): Widget;
}

const SHARED_FIELDS: readonly SharedField[] = [
  {
    map: MARKDOWN_MAP,
    read: (widget) => (widget.type === 'MarkdownEditor' ? widget.content.text : undefined),
    // mdHtml is dropped: it is rendered again from the new text before the page is stored.
    write: (widget, text) => (widget.type === 'MarkdownEditor' ? { ...widget, content: { text } } : widget),
  },
  {
    map: CODE_MAP,
    read: (widget) => (widget.type === 'Code' ? widget.content.code : undefined),
    write: (widget, text) =>
      widget.type === 'Code' ? { ...widget, content: { ...widget.content, code: text } } : widget,
  },
];

/** `page:{authorId}:{collectionId}:{pageId}`, the name a client asks for. */
export interface PageDocumentAddress {
  authorId: number;
  collectionId: number;
  pageId: number;
}

const NAME_PATTERN = /^page:([1-9][0-9]{0,15}):([1-9][0-9]{0,15}):([1-9][0-9]{0,15})$/;

export function parseDocumentName(name: string): PageDocumentAddress | null {
  const match = NAME_PATTERN.exec(name);
  if (!match) return null;
  const [authorId, collectionId, pageId] = match.slice(1).map(Number) as [number, number, number];
  if (![authorId, collectionId, pageId].every(Number.isSafeInteger)) return null;
  return { authorId, collectionId, pageId };
}

export function documentNameOf({ authorId, collectionId, pageId }: PageDocumentAddress): string {
  return `page:${authorId}:${collectionId}:${pageId}`;
}

/** Every widget of the page, those inside Columns included. */
function forEachWidget(components: readonly Widget[], visit: (widget: Widget) => void) {
  for (const widget of components) {
    visit(widget);
    if (widget.type === 'Columns') forEachWidget(widget.content.comps as Widget[], visit);
  }
}

/** Each shared field of the page: its map, the widget's comp_id and the field's text in the draft. */
function forEachShared(
  components: readonly Widget[],
  visit: (map: string, compId: string, text: string) => void,
) {
  forEachWidget(components, (widget) => {
    for (const field of SHARED_FIELDS) {
      const text = field.read(widget);
      if (text !== undefined) visit(field.map, widget.comp_id, text);
    }
  });
}

/**
 * Brings the document in line with the stored draft when it is loaded: shared fields it lacks are
 * added, and when `draftWins` (the page was saved outside the session since the last collaborative
 * write) a differing text is replaced by the draft's.
 */
export function seedDocument(doc: Y.Doc, components: readonly Widget[], draftWins: boolean): void {
  doc.transact(() => {
    forEachShared(components, (map, compId, text) => {
      const texts = doc.getMap<Y.Text>(map);
      const current = texts.get(compId);
      if (!current) {
        texts.set(compId, new Y.Text(text));
      } else if (draftWins && current.toString() !== text) {
        current.delete(0, current.length);
        current.insert(0, text);
      }
    });
  });
}

/** Turns `text` into `next` by replacing only the part between their common head and tail. */
export function replaceText(text: Y.Text, next: string): void {
  const current = text.toString();
  if (current === next) return;
  let head = 0;
  const shorter = Math.min(current.length, next.length);
  while (head < shorter && current[head] === next[head]) head += 1;
  let tail = 0;
  while (tail < shorter - head && current[current.length - 1 - tail] === next[next.length - 1 - tail]) {
    tail += 1;
  }
  text.delete(head, current.length - head - tail);
  text.insert(head, next.slice(head, next.length - tail));
}

/**
 * Brings an open document in line with a page save made outside it (a restore, the API, an old tab):
 * every shared field the save changed, compared with the draft it was based on (`before`), takes the
 * saved text; fields it left as they were keep the live text, typing included. Fields the document
 * lacks are added. Only the changed stretch of each text is replaced, so cursors elsewhere stay put.
 */
export function takeSavedTexts(doc: Y.Doc, before: readonly Widget[], saved: readonly Widget[]): void {
  const previous = new Map<string, string>();
  forEachShared(before, (map, compId, text) => previous.set(`${map}:${compId}`, text));
  doc.transact(() => {
    forEachShared(saved, (map, compId, text) => {
      const texts = doc.getMap<Y.Text>(map);
      const current = texts.get(compId);
      if (!current) texts.set(compId, new Y.Text(text));
      else if (previous.get(`${map}:${compId}`) !== text) replaceText(current, text);
    });
  });
}

/** The draft's widgets with each shared field taken from the document (fields it lacks keep theirs). */
export function applyDocument(doc: Y.Doc, components: readonly Widget[]): Widget[] {
  const apply = (widget: Widget): Widget => {
    let next = widget;
    for (const field of SHARED_FIELDS) {
      const text =
        field.read(next) === undefined ? undefined : doc.getMap<Y.Text>(field.map).get(next.comp_id);
      if (text) next = field.write(next, text.toString());
    }
    if (next.type === 'Columns') {
      return {
        ...next,
        content: { comps: next.content.comps.map((comp) => apply(comp as Widget) as typeof comp) },
      };
    }
    return next;
  };
  return components.map(apply);
}

/** Whether applying the document would change any shared field of the draft. */
export function differsFrom(doc: Y.Doc, components: readonly Widget[]): boolean {
  let differs = false;
  forEachShared(components, (map, compId, text) => {
    const current = doc.getMap<Y.Text>(map).get(compId);
    if (current && current.toString() !== text) differs = true;
  });
  return differs;
}
