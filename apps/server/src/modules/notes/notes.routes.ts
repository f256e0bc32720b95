import {
  CreateNoteRequestSchema,
  DeleteNoteQuerySchema,
  EmptyBodySchema,
  NotesAccessMapRequestSchema,
  PageNotesQuerySchema,
  SearchNotesRequestSchema,
  UpdateNoteRequestSchema,
} from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { readEtag, sendEtag } from '../../platform/http/etag.js';
import { parseInput } from '../../platform/http/validation.js';
import type { NotesService } from './notes.service.js';

const BASE = '/api/userdata/notes-and-highlights';

/** A PUT naming an existing note edits it; any other PUT highlights a new range. */
function isEdit(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'id' in body;
}

export function registerNotesRoutes(app: FastifyInstance, notes: NotesService): void {
  app.get(BASE, async (request) => {
    const { userId } = requireUser(request);
    return { notes: await notes.pageNotes(userId, parseInput(PageNotesQuerySchema, request.query)) };
  });

  app.post(BASE, async (request) => {
    const { userId } = requireUser(request);
    return notes.search(userId, parseInput(SearchNotesRequestSchema, request.body));
  });

  app.put(BASE, async (request, reply) => {
    const { userId } = requireUser(request);
    if (isEdit(request.body)) {
      const input = parseInput(UpdateNoteRequestSchema, request.body);
      const note = await notes.update(userId, input, readEtag(request));
      return sendEtag(reply, note.etag, { note });
    }
    const { note, created } = await notes.create(userId, parseInput(CreateNoteRequestSchema, request.body));
    return reply.status(created ? 201 : 200).send({ note });
  });

  app.delete(BASE, async (request) => {
    parseInput(EmptyBodySchema, request.body);
    const { userId } = requireUser(request);
    await notes.remove(userId, parseInput(DeleteNoteQuerySchema, request.query).id, readEtag(request));
    return { ok: true } as const;
  });

  app.get(`${BASE}/get-works-with-notes-and-highlights`, async (request) => {
    const { userId } = requireUser(request);
    return { works: await notes.worksWithNotes(userId) };
  });

  app.post(`${BASE}/get-access-map`, async (request) => {
    const { userId } = requireUser(request);
    return {
      access_map: await notes.accessMap(userId, parseInput(NotesAccessMapRequestSchema, request.body)),
    };
  });
}
