import { NoteSchema, SearchNotesResponseSchema } from '@coderoom/contracts';
import { ErrorMessages } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notesHighlights } from '../../db/schema.js';
import { buildCourse } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';

const BASE = '/api/userdata/notes-and-highlights';

let t: TestApp;
let course: Awaited<ReturnType<typeof buildCourse>>;
let otherCourse: Awaited<ReturnType<typeof buildCourse>>;

beforeAll(async () => {
  t = await buildTestApp();
  course = await buildCourse(t.database, { title: 'Recursion in Depth', lessons: 2 });
  otherCourse = await buildCourse(t.database, { title: 'Graphs', lessons: 1 });
});
afterAll(async () => {
  await t.close();
});

function highlightOn(
  target: typeof course,
  overrides: Partial<Record<string, unknown>> = {},
  lesson = 0,
): Record<string, unknown> {
  return {
    author_id: target.author.id,
    work_id: target.collection.id,
    page_id: target.pageIds[lesson],
    widget_id: `md-${lesson}`,
    md_child_id: '0',
    selection_id: '0-4',
    quote: 'Text',
    ...overrides,
  };
}

describe('PUT /api/userdata/notes-and-highlights (create)', () => {
  it('saves a highlight with its note, titles and a link to the widget', async () => {
    const { client, user } = await signUp(t.app);
    const response = await client.put(BASE, highlightOn(course, { comment: 'Remember this' }));
    expect(response.statusCode).toBe(201);
    const note = NoteSchema.parse(response.json().note);
    expect(note).toMatchObject({
      author_id: course.author.id,
      work_id: course.collection.id,
      page_id: course.pageIds[0],
      widget_id: 'md-0',
      md_child_id: '0',
      selection_id: '0-4',
      quote: 'Text',
      comment: 'Remember this',
      work_title: 'Recursion in Depth',
      page_title: 'Lesson 1',
      url: `/collection/page/${course.author.id}/${course.collection.id}/${course.pageIds[0]}#md-0`,
    });
    const [row] = await t.database.db.select().from(notesHighlights).where(eq(notesHighlights.id, note.id));
    expect(row?.userId).toBe(user.user_id);
  });

  it('answers the existing highlight when the same range is highlighted again', async () => {
    const { client } = await signUp(t.app);
    const first = await client.put(BASE, highlightOn(course, { selection_id: '2-9', quote: 'xt of l' }));
    const again = await client.put(BASE, highlightOn(course, { selection_id: '2-9', quote: 'xt of l' }));
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().note.id).toBe(first.json().note.id);
  });

  it('refuses bad input with one message per field', async () => {
    const { client } = await signUp(t.app);
    const response = await client.put(BASE, {
      work_id: 'x',
      page_id: course.pageIds[0],
      widget_id: 'md-0',
      md_child_id: '0',
      selection_id: '9-3',
      quote: '   ',
      colour: 'yellow',
    });
    expect(response.statusCode).toBe(400);
    const { errors } = response.json();
    expect(errors.author_id).toBe("Author id can't be blank.");
    expect(errors.work_id).toBe('Work id must be a number.');
    expect(errors.selection_id).toMatch(/start before end/);
    expect(errors.quote).toBe("Quote: can't be blank");
    expect(errors.colour).toBe('Unknown field.');
  });

  it('refuses a widget that is not part of the lesson', async () => {
    const { client } = await signUp(t.app);
    const response = await client.put(BASE, highlightOn(course, { widget_id: 'nope' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ widget_id: 'This widget is not part of the lesson.' });
  });

  it('answers 404 for a lesson that does not exist', async () => {
    const { client } = await signUp(t.app);
    const response = await client.put(BASE, highlightOn(course, { work_id: 99_999_999 }));
    expect(response.statusCode).toBe(404);
  });

  it('needs a logged-in learner', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.put(BASE, highlightOn(course))).statusCode).toBe(401);
    expect((await anonymous.get(`${BASE}?author_id=1&work_id=1&page_id=1`)).statusCode).toBe(401);
    expect((await anonymous.post(BASE, {})).statusCode).toBe(401);
    expect((await anonymous.request('DELETE', `${BASE}?id=1`)).statusCode).toBe(401);
    expect((await anonymous.get(`${BASE}/get-works-with-notes-and-highlights`)).statusCode).toBe(401);
  });
});

describe('editing and deleting', () => {
  it('edits the note with its eTag in the eTag header and answers the new one', async () => {
    const { client } = await signUp(t.app);
    const { note } = (await client.put(BASE, highlightOn(course))).json();
    const edited = await client.request(
      'PUT',
      BASE,
      { id: note.id, comment: 'Now with a note' },
      { headers: { etag: `"${note.etag}"` } },
    );
    expect(edited.statusCode).toBe(200);
    const saved = NoteSchema.parse(edited.json().note);
    expect(saved).toMatchObject({ comment: 'Now with a note', quote: 'Text' });
    expect(saved.etag).not.toBe(note.etag);
    expect(edited.headers.etag).toBe(`"${saved.etag}"`);
    const [row] = await t.database.db.select().from(notesHighlights).where(eq(notesHighlights.id, note.id));
    expect(row).toMatchObject({ comment: 'Now with a note', etag: saved.etag });
  });

  it('accepts the eTag in If-Match too', async () => {
    const { client } = await signUp(t.app);
    const { note } = (await client.put(BASE, highlightOn(course))).json();
    const edited = await client.request(
      'PUT',
      BASE,
      { id: note.id, comment: 'Via If-Match' },
      { headers: { 'if-match': note.etag } },
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().note.comment).toBe('Via If-Match');
  });

  it('refuses an edit from an outdated version with 505 Version outdated and keeps the newer one', async () => {
    const { client } = await signUp(t.app);
    const { note } = (await client.put(BASE, highlightOn(course))).json();
    const first = await client.request(
      'PUT',
      BASE,
      { id: note.id, comment: 'From this tab' },
      { headers: { etag: note.etag } },
    );
    expect(first.statusCode).toBe(200);

    const stale = await client.request(
      'PUT',
      BASE,
      { id: note.id, comment: 'From another tab' },
      { headers: { etag: note.etag } },
    );
    expect(stale.statusCode).toBe(505);
    expect(stale.json()).toEqual({
      errorText: ErrorMessages.VersionOutdated,
      errors: { etag: 'This note was changed elsewhere. Reload it before editing.' },
    });
    const [row] = await t.database.db.select().from(notesHighlights).where(eq(notesHighlights.id, note.id));
    expect(row?.comment).toBe('From this tab');
  });

  it('edits without an eTag as the last writer (the spec names none for notes)', async () => {
    const { client } = await signUp(t.app);
    const { note } = (await client.put(BASE, highlightOn(course))).json();
    await client.request('PUT', BASE, { id: note.id, comment: 'One' }, { headers: { etag: note.etag } });
    const blind = await client.put(BASE, { id: note.id, comment: 'Two' });
    expect(blind.statusCode).toBe(200);
    expect(blind.json().note.comment).toBe('Two');
  });

  it('no longer takes the version in the body', async () => {
    const { client } = await signUp(t.app);
    const { note } = (await client.put(BASE, highlightOn(course))).json();
    const response = await client.put(BASE, { id: note.id, comment: 'x', version: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ version: 'Unknown field.' });
  });

  it('refuses to delete an outdated version with 505 and deletes the current one', async () => {
    const { client } = await signUp(t.app);
    const { note } = (await client.put(BASE, highlightOn(course))).json();
    const edited = await client.request(
      'PUT',
      BASE,
      { id: note.id, comment: 'Newer' },
      { headers: { etag: note.etag } },
    );
    const url = `${BASE}?id=${note.id}`;
    const stale = await client.request('DELETE', url, undefined, { headers: { etag: note.etag } });
    expect(stale.statusCode).toBe(505);
    expect(stale.json().errorText).toBe(ErrorMessages.VersionOutdated);
    const current = edited.json().note.etag;
    const deleted = await client.request('DELETE', url, undefined, { headers: { 'if-match': current } });
    expect(deleted.statusCode).toBe(200);
    const rows = await t.database.db.select().from(notesHighlights).where(eq(notesHighlights.id, note.id));
    expect(rows).toEqual([]);
  });

  it('deletes a highlight once', async () => {
    const { client } = await signUp(t.app);
    const { note } = (await client.put(BASE, highlightOn(course))).json();
    const deleted = await client.request('DELETE', `${BASE}?id=${note.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    const again = await client.request('DELETE', `${BASE}?id=${note.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().errorText).toBe(ErrorMessages.HighlightNotFound);
  });

  it("keeps another learner's highlights invisible and untouchable", async () => {
    const owner = await signUp(t.app);
    const { note } = (await owner.client.put(BASE, highlightOn(course, { comment: 'mine' }))).json();
    const stranger = await signUp(t.app);

    const listed = await stranger.client.get(
      `${BASE}?author_id=${course.author.id}&work_id=${course.collection.id}&page_id=${course.pageIds[0]}`,
    );
    expect(listed.json()).toEqual({ notes: [] });

    const edit = await stranger.client.put(BASE, { id: note.id, comment: 'hijacked' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().errorText).toBe('Could not find highlight');
    expect((await stranger.client.request('DELETE', `${BASE}?id=${note.id}`)).statusCode).toBe(404);
    expect((await stranger.client.post(BASE, { search_string: 'mine' })).json().total).toBe(0);

    const [row] = await t.database.db.select().from(notesHighlights).where(eq(notesHighlights.id, note.id));
    expect(row?.comment).toBe('mine');
  });

  it('refuses a malformed id', async () => {
    const { client } = await signUp(t.app);
    const response = await client.request('DELETE', `${BASE}?id=abc`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['id']);
  });
});

describe('GET /api/userdata/notes-and-highlights', () => {
  it("lists the learner's highlights on one lesson only", async () => {
    const { client } = await signUp(t.app);
    await client.put(BASE, highlightOn(course, { selection_id: '0-4' }));
    await client.put(BASE, highlightOn(course, { selection_id: '5-7', quote: 'of' }));
    await client.put(BASE, highlightOn(course, {}, 1));
    const response = await client.get(
      `${BASE}?author_id=${course.author.id}&work_id=${course.collection.id}&page_id=${course.pageIds[0]}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().notes.map((note: { selection_id: string }) => note.selection_id)).toEqual([
      '0-4',
      '5-7',
    ]);
  });

  it('needs the lesson address', async () => {
    const { client } = await signUp(t.app);
    const response = await client.get(`${BASE}?author_id=1`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['page_id', 'work_id']);
  });
});

describe('POST /api/userdata/notes-and-highlights (search)', () => {
  let client: TestClient;
  beforeAll(async () => {
    ({ client } = await signUp(t.app));
    for (let index = 0; index < 11; index += 1) {
      await client.put(
        BASE,
        highlightOn(course, { selection_id: `${index}-${index + 1}`, quote: `Plain quote ${index}` }),
      );
    }
    await client.put(
      BASE,
      highlightOn(course, {
        selection_id: '20-30',
        quote: 'Functions call themselves',
        comment: 'base case!',
      }),
    );
    await client.put(BASE, highlightOn(otherCourse, { comment: 'about recursion too' }));
  });

  it('pages through every note, ten at a time, newest first', async () => {
    const first = SearchNotesResponseSchema.parse((await client.post(BASE, {})).json());
    expect(first).toMatchObject({ total: 13, page: 1, page_size: 10, total_pages: 2 });
    expect(first.notes).toHaveLength(10);
    expect(first.notes[0]?.comment).toBe('about recursion too');
    const second = (await client.post(BASE, { page: 2 })).json();
    expect(second.notes).toHaveLength(3);
  });

  it('finds words in the quote and the note, whole or in part', async () => {
    const stemmed = (await client.post(BASE, { search_string: 'function' })).json();
    expect(stemmed.notes.map((note: { quote: string }) => note.quote)).toEqual(['Functions call themselves']);
    const partial = (await client.post(BASE, { search_string: 'recurs' })).json();
    expect(partial.total).toBe(1);
    expect(partial.notes[0].work_title).toBe('Graphs');
    expect((await client.post(BASE, { search_string: '100%' })).json().total).toBe(0);
  });

  it('narrows to one work', async () => {
    const response = (await client.post(BASE, { work_id: otherCourse.collection.id })).json();
    expect(response.total).toBe(1);
  });

  it('refuses bad paging', async () => {
    const response = await client.post(BASE, { page: 0 });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['page']);
  });

  it('lists the works that have notes, with their counts', async () => {
    const response = await client.get(`${BASE}/get-works-with-notes-and-highlights`);
    expect(response.statusCode).toBe(200);
    expect(response.json().works).toEqual([
      expect.objectContaining({ work_id: otherCourse.collection.id, work_title: 'Graphs', notes_count: 1 }),
      expect.objectContaining({
        work_id: course.collection.id,
        work_title: 'Recursion in Depth',
        notes_count: 12,
      }),
    ]);
  });
});

describe('POST /api/userdata/notes-and-highlights/get-access-map', () => {
  it('answers per work whether the learner may keep notes on it', async () => {
    const { client } = await signUp(t.app);
    const response = await client.post(`${BASE}/get-access-map`, {
      works: [
        { author_id: course.author.id, work_id: course.collection.id },
        { author_id: course.author.id, work_id: otherCourse.collection.id },
        { author_id: course.author.id, work_id: 99_999_999 },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().access_map).toEqual({
      [String(course.collection.id)]: true,
      [String(otherCourse.collection.id)]: false,
      '99999999': false,
    });
  });

  it('refuses an empty list', async () => {
    const { client } = await signUp(t.app);
    const response = await client.post(`${BASE}/get-access-map`, { works: [] });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['works']);
  });
});
