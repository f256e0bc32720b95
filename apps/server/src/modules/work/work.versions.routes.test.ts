import {
  DocumentVersionDetailSchema,
  DocumentVersionListSchema,
  WorkItemDetailSchema,
} from '@coderoom/contracts';
import { ErrorStatus, WorkflowAction, WorkMessages } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workActivity } from '../../db/schema.js';
import { buildTestApp, signUp, type TestApp, type TestClient } from '../../test/harness.js';

// Version history of work documents (docs/work.md): every text a document had is kept, one can be read and
// restored, and a restore never loses the text it replaces. Live edits keep versions too (work.collab.test.ts).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newDocument(client: TestClient, title = 'Plan'): Promise<number> {
  const response = await client.post('/api/workflows/items', { kind: 'document', title });
  expect(response.statusCode, response.body).toBe(201);
  return WorkItemDetailSchema.parse(response.json()).item.id;
}

async function writeText(client: TestClient, id: number, body: string) {
  const response = await client.put(`/api/workflows/items/${id}`, { body });
  expect(response.statusCode, response.body).toBe(200);
}

async function versionsOf(client: TestClient, id: number) {
  const response = await client.get(`/api/workflows/items/${id}/versions`);
  expect(response.statusCode, response.body).toBe(200);
  return DocumentVersionListSchema.parse(response.json()).versions;
}

async function textOf(client: TestClient, id: number, versionId: number) {
  const response = await client.get(`/api/workflows/items/${id}/versions/${versionId}`);
  expect(response.statusCode, response.body).toBe(200);
  return DocumentVersionDetailSchema.parse(response.json()).body;
}

describe('document versions', () => {
  it('keeps each text, reads one, and restores it as a new version without losing the current text', async () => {
    const { client, user } = await signUp(t.app, { full_name: 'Vera Versions' });
    const id = await newDocument(client);
    expect(await versionsOf(client, id)).toEqual([]);

    await writeText(client, id, 'First draft.');
    await writeText(client, id, 'Second draft, longer.');
    const before = await versionsOf(client, id);
    expect(before.map((version) => version.reason)).toEqual(['edit', 'edit']);
    expect(before[0]).toMatchObject({ length: 'Second draft, longer.'.length, restored_from: null });
    expect(before[0]?.created_by?.full_name).toBe('Vera Versions');
    const first = before[1]?.id as number;
    expect(await textOf(client, id, first)).toBe('First draft.');

    const restored = await client.put(`/api/workflows/items/${id}/versions/${first}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(WorkItemDetailSchema.parse(restored.json()).body).toBe('First draft.');

    const after = await versionsOf(client, id);
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ reason: 'restore', restored_from: first });
    expect(after[0]?.created_by?.user_id).toBe(user.user_id);
    // The replaced text is still there to go back to.
    expect(await textOf(client, id, after[1]?.id as number)).toBe('Second draft, longer.');
    const detail = await client.get(`/api/workflows/items/${id}`);
    expect(detail.json().body).toBe('First draft.');

    // Restoring the text it already has changes nothing and says so.
    const again = await client.put(`/api/workflows/items/${id}/versions/${after[0]?.id}/restore`, {});
    expect(again.statusCode).toBe(ErrorStatus.OperationNotAllowed);
    expect(again.json().errorText).toBe(WorkMessages.VersionIsCurrent);
    expect(await versionsOf(client, id)).toHaveLength(3);

    const activity = await t.database.db.select().from(workActivity).where(eq(workActivity.itemId, id));
    expect(
      activity.some(
        (row) =>
          row.action === WorkflowAction.Update &&
          (row.details as { restored_version?: number }).restored_version === first,
      ),
    ).toBe(true);
  });

  it('keeps the text a restore replaces even when no version held it yet', async () => {
    const { client } = await signUp(t.app);
    const id = await newDocument(client);
    await writeText(client, id, 'Kept.');
    const [kept] = await versionsOf(client, id);
    await writeText(client, id, 'Kept. Then more.');
    // A second API write keeps the first text (already a version) and adds the new one.
    const restored = await client.put(`/api/workflows/items/${id}/versions/${kept?.id}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    const versions = await versionsOf(client, id);
    const texts = await Promise.all(versions.map((version) => textOf(client, id, version.id)));
    expect(texts).toEqual(['Kept.', 'Kept. Then more.', 'Kept.']);
  });

  it('lets viewers read the history, only editors restore, and tells outsiders nothing', async () => {
    const owner = await signUp(t.app);
    const viewer = await signUp(t.app);
    const outsider = await signUp(t.app);
    const id = await newDocument(owner.client);
    await writeText(owner.client, id, 'One.');
    await writeText(owner.client, id, 'Two.');
    await owner.client.put(`/api/workflows/items/${id}/collaborators`, { email: viewer.email, role: 'view' });
    const [, one] = await versionsOf(viewer.client, id);
    expect(await textOf(viewer.client, id, one?.id as number)).toBe('One.');

    const refused = await viewer.client.put(`/api/workflows/items/${id}/versions/${one?.id}/restore`, {});
    expect(refused.statusCode).toBe(ErrorStatus.AccessDenied);
    expect(refused.json().errorText).toBe(WorkMessages.ReadOnly);

    for (const path of [
      `/api/workflows/items/${id}/versions`,
      `/api/workflows/items/${id}/versions/${one?.id}`,
    ]) {
      const hidden = await outsider.client.get(path);
      expect(hidden.statusCode).toBe(ErrorStatus.NotFound);
      expect(hidden.json().errorText).toBe(WorkMessages.NotFound);
    }
    const hiddenRestore = await outsider.client.put(
      `/api/workflows/items/${id}/versions/${one?.id}/restore`,
      {},
    );
    expect(hiddenRestore.statusCode).toBe(ErrorStatus.NotFound);
    expect((await owner.client.get(`/api/workflows/items/${id}`)).json().body).toBe('Two.');
  });

  it('answers 404 for a version of another document and refuses a body on restore', async () => {
    const { client } = await signUp(t.app);
    const a = await newDocument(client, 'A');
    const b = await newDocument(client, 'B');
    await writeText(client, a, 'Text of A.');
    const [ofA] = await versionsOf(client, a);
    const wrong = await client.get(`/api/workflows/items/${b}/versions/${ofA?.id}`);
    expect(wrong.statusCode).toBe(ErrorStatus.NotFound);
    expect(wrong.json().errorText).toBe(WorkMessages.VersionNotFound);
    const withBody = await client.put(`/api/workflows/items/${a}/versions/${ofA?.id}/restore`, { x: 1 });
    expect(withBody.statusCode).toBe(400);
    const project = await client.post('/api/workflows/items', { kind: 'project', title: 'P' });
    const notDocument = await client.get(`/api/workflows/items/${project.json().item.id}/versions`);
    expect(notDocument.statusCode).toBe(400);
    expect(notDocument.json().errors.id).toBe(WorkMessages.NotADocument);
    const bodyOnProject = await client.put(`/api/workflows/items/${project.json().item.id}`, { body: 'x' });
    expect(bodyOnProject.statusCode).toBe(400);
  });
});
