import {
  ScheduledReportSchema,
  TaskCommentListSchema,
  WorkHomeSchema,
  WorkItemDetailSchema,
  WorkItemListSchema,
  WorkReviewSchema,
} from '@coderoom/contracts';
import {
  ClaimState,
  DEFAULT_TASK_TITLE,
  EnterpriseRole,
  FreemiumDefaults,
  MAX_FOLDER_DEPTH,
  WorkflowAction,
  WorkflowError,
  WorkflowErrorMessage,
  WorkItemKind,
  WorkItemState,
  WorkItemStatus,
  WorkMessages,
} from '@coderoom/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox, jobs, workActivity, workItems } from '../../db/schema.js';
import { buildTestApp, signUp, type TestApp, type TestClient, waitFor } from '../../test/harness.js';
import { seedPlans } from '../commerce/commerce.seed.js';
import { buildOrganization } from '../organizations/organizations.test-support.js';
import { SCHEDULED_REPORT_JOB } from './work.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function create(client: TestClient, body: Record<string, unknown>) {
  const response = await client.post('/api/workflows/items', body);
  expect(response.statusCode, response.body).toBe(201);
  return WorkItemDetailSchema.parse(response.json()).item;
}

async function actionsOn(itemId: number): Promise<string[]> {
  const rows = await t.database.db.select().from(workActivity).where(eq(workActivity.itemId, itemId));
  return rows.map((row) => row.action);
}

describe('items in a tree', () => {
  it('creates every kind with its defaults and lists them by kind', async () => {
    const { client } = await signUp(t.app);
    const project = await create(client, { kind: 'project', title: 'Launch' });
    const folder = await create(client, { kind: 'folder', title: 'Specs', parent_id: project.id });
    const doc = await create(client, { kind: 'document', title: 'Plan', parent_id: folder.id });
    const task = await create(client, { kind: 'project_task', parent_id: project.id });
    const sub = await create(client, { kind: 'task', parent_id: task.id, title: 'Sub' });
    const group = await create(client, { kind: 'group', title: 'Team' });
    await create(client, { kind: 'private_project', title: 'Mine' });

    expect(task.title).toBe(DEFAULT_TASK_TITLE);
    expect(task).toMatchObject({
      status: WorkItemStatus.NotStarted,
      item_kind: WorkItemKind.Task,
      state: WorkItemState.Active,
      claim_state: ClaimState.Unclaimed,
      access: 'owner',
    });
    expect(sub.item_kind).toBe(WorkItemKind.SubTask);
    expect(doc.item_kind).toBe(WorkItemKind.Document);
    expect(group.kind).toBe('group');

    const projects = WorkItemListSchema.parse(
      (await client.get('/api/workflows/items?kind=project')).json(),
    ).items;
    expect(projects.map((item) => item.title)).toEqual(['Launch']);
    const privates = WorkItemListSchema.parse(
      (await client.get('/api/workflows/items?kind=project&tab=private')).json(),
    ).items;
    expect(privates.map((item) => item.title)).toEqual(['Mine']);
    const tasks = WorkItemListSchema.parse((await client.get('/api/workflows/items?kind=task')).json()).items;
    expect(tasks.map((item) => item.id)).toEqual([task.id]);
    expect(tasks[0]?.sub_task_count).toBe(1);

    const detail = WorkItemDetailSchema.parse((await client.get(`/api/workflows/items/${doc.id}`)).json());
    expect(detail.breadcrumbs.map((crumb) => crumb.title)).toEqual(['Launch', 'Specs']);
    expect(await actionsOn(doc.id)).toEqual([WorkflowAction.Create]);
  });

  it('refuses unknown fields and kinds that cannot sit there', async () => {
    const { client } = await signUp(t.app);
    expect((await client.post('/api/workflows/items', { kind: 'document', color: 'red' })).statusCode).toBe(
      400,
    );
    const doc = await create(client, { kind: 'document' });
    const refused = await client.post('/api/workflows/items', { kind: 'folder', parent_id: doc.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorText).toBe(WorkMessages.BadParent);
  });

  it(`stops folders at ${MAX_FOLDER_DEPTH} levels with 4001, on create and on move`, async () => {
    const { client } = await signUp(t.app);
    let parent: number | null = null;
    for (let level = 1; level <= MAX_FOLDER_DEPTH; level += 1) {
      parent = (await create(client, { kind: 'folder', title: `L${level}`, parent_id: parent })).id;
    }
    const tooDeep = await client.post('/api/workflows/items', { kind: 'folder', parent_id: parent });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toEqual({
      errorText: WorkflowErrorMessage[WorkflowError.MaxFolderDepth],
      code: String(WorkflowError.MaxFolderDepth),
    });
    // A document still fits at the deepest level.
    await create(client, { kind: 'document', parent_id: parent });
    const loose = await create(client, { kind: 'folder', title: 'loose' });
    const moved = await client.put(`/api/workflows/items/${loose.id}/move`, { parent_id: parent });
    expect(moved.json().code).toBe(String(WorkflowError.MaxFolderDepth));
    const stored = await t.database.db.select().from(workItems).where(eq(workItems.id, loose.id));
    expect(stored[0]?.parentId).toBeNull();
  });

  it('moves items, records the move, and refuses a move into itself', async () => {
    const { client } = await signUp(t.app);
    const a = await create(client, { kind: 'folder', title: 'A' });
    const b = await create(client, { kind: 'folder', title: 'B', parent_id: a.id });
    const doc = await create(client, { kind: 'document', parent_id: a.id });
    const moved = await client.put(`/api/workflows/items/${doc.id}/move`, { parent_id: b.id });
    expect(moved.statusCode).toBe(200);
    expect(WorkItemDetailSchema.parse(moved.json()).item.parent_id).toBe(b.id);
    expect(await actionsOn(doc.id)).toContain(WorkflowAction.Move);
    const loop = await client.put(`/api/workflows/items/${a.id}/move`, { parent_id: b.id });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().errorText).toBe(WorkMessages.MoveIntoItself);
  });

  it('keeps a project with a milestone where it is (4002) and a milestone in use (4003)', async () => {
    const { client } = await signUp(t.app);
    const group = await create(client, { kind: 'group', title: 'G' });
    const project = await create(client, { kind: 'project', title: 'P' });
    const milestone = await client.post(`/api/workflows/items/${project.id}/milestones`, { title: 'Beta' });
    expect(milestone.statusCode).toBe(201);
    const milestoneId = milestone.json().id as number;

    const move = await client.put(`/api/workflows/items/${project.id}/move`, { parent_id: group.id });
    expect(move.statusCode).toBe(400);
    expect(move.json()).toEqual({
      errorText: WorkflowErrorMessage[WorkflowError.MilestoneProjectMove],
      code: String(WorkflowError.MilestoneProjectMove),
    });

    const task = await create(client, { kind: 'project_task', parent_id: project.id });
    expect(
      (await client.put(`/api/workflows/items/${task.id}`, { milestone_id: milestoneId })).statusCode,
    ).toBe(200);
    const inUse = await client.request(
      'DELETE',
      `/api/workflows/items/${project.id}/milestones/${milestoneId}`,
    );
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json().code).toBe(String(WorkflowError.MilestoneInUse));

    await client.put(`/api/workflows/items/${task.id}`, { milestone_id: null });
    const freed = await client.request(
      'DELETE',
      `/api/workflows/items/${project.id}/milestones/${milestoneId}`,
    );
    expect(freed.statusCode).toBe(200);
    expect(
      (await client.put(`/api/workflows/items/${project.id}/move`, { parent_id: group.id })).statusCode,
    ).toBe(200);
  });
});

describe('the workflow actions of 002 §4.2', () => {
  // Every kind of 002 §4.2, with where it can be moved to: a project into a group, a project task into
  // another project, a group (which sits only at the top) back to the top, everything else into a folder.
  const KINDS = [
    'document',
    'project',
    'private_project',
    'folder',
    'private_folder',
    'group',
    'task',
    'project_task',
    'review',
    'scheduled_report',
  ] as const;

  async function make(owner: Awaited<ReturnType<typeof signUp>>, kind: (typeof KINDS)[number]) {
    const mate = await signUp(t.app);
    if (kind === 'review') {
      const doc = await create(owner.client, { kind: 'document', title: 'Reviewed' });
      const response = await owner.client.post('/api/workflows/reviews', {
        document_id: doc.id,
        reviewer_emails: [mate.email],
      });
      expect(response.statusCode, response.body).toBe(201);
      return WorkReviewSchema.parse(response.json()).review;
    }
    if (kind === 'scheduled_report') {
      const next = new Date(t.clock.now().getTime() + 30 * 86_400_000);
      const response = await owner.client.post('/api/workflows/scheduled-reports', {
        title: 'Monthly numbers',
        repeat_every: 1,
        repeat_type: 'months',
        repeat_on_date: 1,
        next_scheduled_date: next.toISOString(),
      });
      expect(response.statusCode, response.body).toBe(201);
      return ScheduledReportSchema.parse(response.json()).item;
    }
    const project =
      kind === 'project_task' ? await create(owner.client, { kind: 'project', title: 'Home' }) : null;
    return create(owner.client, { kind, parent_id: project?.id ?? null });
  }

  async function destinationFor(owner: Awaited<ReturnType<typeof signUp>>, kind: string) {
    if (kind === 'group') return null;
    if (kind.endsWith('project')) return (await create(owner.client, { kind: 'group', title: 'To' })).id;
    if (kind === 'project_task') return (await create(owner.client, { kind: 'project', title: 'To' })).id;
    return (await create(owner.client, { kind: 'folder', title: 'To' })).id;
  }

  it.each(KINDS)('every action on a %s is answered and lands in its activity feed', async (kind) => {
    const owner = await signUp(t.app);
    const mate = await signUp(t.app);
    const item = await make(owner, kind);
    const id = item.id;
    const path = `/api/workflows/items/${id}`;

    const renamed = await owner.client.put(path, { title: `Renamed ${kind}` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const destination = await destinationFor(owner, kind);
    const moved = await owner.client.put(`${path}/move`, { parent_id: destination });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(WorkItemDetailSchema.parse(moved.json()).item.parent_id).toBe(destination);
    const share = await owner.client.put(`${path}/collaborators`, { email: mate.email, role: 'view' });
    // Private items are never shared; everything else is.
    expect(share.statusCode).toBe(kind.startsWith('private') ? 400 : 200);
    const collaborators = await owner.client.get(`${path}/collaborators`);
    expect(collaborators.statusCode).toBe(200);
    if (!kind.startsWith('private'))
      expect(collaborators.json().collaborators).toEqual(
        expect.arrayContaining([expect.objectContaining({ email: mate.email, role: 'view' })]),
      );
    expect((await owner.client.put(`${path}/delete`)).statusCode).toBe(200);
    expect(
      WorkItemListSchema.parse((await owner.client.get('/api/workflows/trash')).json()).items.map(
        (entry) => entry.id,
      ),
    ).toContain(id);
    expect((await owner.client.put(`${path}/restore`)).statusCode).toBe(200);
    expect((await owner.client.put(`${path}/delete`)).statusCode).toBe(200);
    // "get collaborators" reads and is not written to the feed.
    expect(new Set(await actionsOn(id))).toEqual(
      new Set([
        WorkflowAction.Create,
        WorkflowAction.Update,
        WorkflowAction.Move,
        ...(kind.startsWith('private') ? [] : [WorkflowAction.ModifyCollaborator]),
        WorkflowAction.Delete,
        WorkflowAction.Restore,
      ]),
    );
    expect((await owner.client.request('DELETE', path)).statusCode).toBe(200);
    // The feed outlives the item: its entries keep the title and kind.
    const gone = await t.database.db
      .select()
      .from(workActivity)
      .where(
        and(
          eq(workActivity.actorId, owner.user.user_id),
          eq(workActivity.action, WorkflowAction.PermanentlyDelete),
        ),
      );
    expect(gone.map((entry) => [entry.itemTitle, entry.itemKind])).toEqual([[`Renamed ${kind}`, kind]]);
    expect(await t.database.db.select().from(workItems).where(eq(workItems.id, id))).toEqual([]);
    expect((await owner.client.get(path)).statusCode).toBe(404);
  });
});

describe('collaborators', () => {
  it('inherit down the tree: view reads, comment comments, edit changes; outsiders get 404', async () => {
    const owner = await signUp(t.app);
    const viewer = await signUp(t.app);
    const commenter = await signUp(t.app);
    const outsider = await signUp(t.app);
    const project = await create(owner.client, { kind: 'project', title: 'Shared' });
    const task = await create(owner.client, {
      kind: 'project_task',
      parent_id: project.id,
      title: 'Write intro',
    });

    for (const [person, role] of [
      [viewer, 'view'],
      [commenter, 'comment'],
    ] as const) {
      const shared = await owner.client.put(`/api/workflows/items/${project.id}/collaborators`, {
        email: person.email,
        role,
      });
      expect(shared.statusCode).toBe(200);
    }
    expect(await actionsOn(project.id)).toContain(WorkflowAction.ModifyCollaborator);

    const listed = await viewer.client.get(`/api/workflows/items/${task.id}/collaborators`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().collaborators).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: viewer.email, role: 'view', inherited_from: project.id }),
      ]),
    );

    expect((await viewer.client.get(`/api/task/${task.id}/comment`)).statusCode).toBe(200);
    const viewerComment = await viewer.client.post(`/api/task/${task.id}/comment`, { md_text: 'hi' });
    expect(viewerComment.statusCode).toBe(403);
    expect(viewerComment.json().errorText).toBe(WorkMessages.ReadOnly);
    expect(
      (await commenter.client.post(`/api/task/${task.id}/comment`, { md_text: 'Looks good' })).statusCode,
    ).toBe(201);
    const commenterEdit = await commenter.client.put(`/api/workflows/items/${task.id}`, {
      title: 'Mine now',
    });
    expect(commenterEdit.statusCode).toBe(403);
    expect(commenterEdit.json().errorText).toBe(WorkMessages.CommentOnly);

    for (const url of [
      `/api/task/${task.id}/comment`,
      `/api/workflows/items/${task.id}`,
      `/api/workflows/items/${project.id}/collaborators`,
    ]) {
      const response = await outsider.client.get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().errorText).toBe(WorkMessages.NotFound);
    }
    expect((await outsider.client.post(`/api/task/${task.id}/comment`, { md_text: 'x' })).statusCode).toBe(
      404,
    );
    expect((await outsider.client.put(`/api/workflows/items/${task.id}/delete`)).statusCode).toBe(404);
    const outsiderList = WorkItemListSchema.parse(
      (await outsider.client.get('/api/workflows/items?kind=task')).json(),
    );
    expect(outsiderList.items).toEqual([]);
    const stored = await t.database.db.select().from(workItems).where(eq(workItems.id, task.id));
    expect(stored[0]?.title).toBe('Write intro');

    // Removing the grant takes the access away again.
    await owner.client.put(`/api/workflows/items/${project.id}/collaborators`, {
      email: viewer.email,
      role: null,
    });
    expect((await viewer.client.get(`/api/workflows/items/${task.id}`)).statusCode).toBe(404);
  });

  it('assigns a task only to people who can see it', async () => {
    const owner = await signUp(t.app);
    const mate = await signUp(t.app);
    const task = await create(owner.client, { kind: 'task', title: 'Record video' });
    const refused = await owner.client.put(`/api/workflows/items/${task.id}`, {
      assignee_ids: [mate.user.user_id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ assignee_ids: WorkMessages.AssigneeWithoutAccess });
    await owner.client.put(`/api/workflows/items/${task.id}/collaborators`, {
      email: mate.email,
      role: 'edit',
    });
    const assigned = await owner.client.put(`/api/workflows/items/${task.id}`, {
      assignee_ids: [mate.user.user_id],
      due_date: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
      status: WorkItemStatus.InProgress,
    });
    expect(assigned.statusCode).toBe(200);
    const item = WorkItemDetailSchema.parse(assigned.json()).item;
    expect(item.assignees.map((person) => person.email)).toEqual([mate.email]);
    expect(item.claim_state).toBe(ClaimState.Claimed);
    const home = WorkHomeSchema.parse((await mate.client.get('/api/workflows/home')).json());
    expect(home.due_soon.map((due) => due.id)).toEqual([task.id]);
    const mine = WorkItemListSchema.parse(
      (await mate.client.get('/api/workflows/items?kind=task&tab=mine')).json(),
    );
    expect(mine.items.map((due) => due.id)).toEqual([task.id]);
  });
});

describe('task comments', () => {
  it('adds, replies, edits, resolves and deletes, with counts following', async () => {
    const { client } = await signUp(t.app);
    const task = await create(client, { kind: 'task' });
    const first = TaskCommentListSchema.parse(
      (await client.post(`/api/task/${task.id}/comment`, { md_text: 'First' })).json(),
    );
    const commentId = first.comments[0]!.id;
    expect(first.count).toBe(1);
    const replied = await client.post(`/api/task/${task.id}/comment`, {
      md_text: 'Reply',
      is_reply: true,
      parent_id: commentId,
    });
    expect(TaskCommentListSchema.parse(replied.json()).comments[0]).toMatchObject({
      repliesCount: 1,
      replies: [{ mdText: 'Reply' }],
    });
    const replyId = TaskCommentListSchema.parse(replied.json()).comments[0]!.replies[0]!.id;
    expect(
      (
        await client.post(`/api/task/${task.id}/comment`, {
          md_text: 'x',
          is_reply: true,
          parent_id: replyId,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await client.post(`/api/task/${task.id}/comment`, { md_text: 'x', is_reply: true })).statusCode,
    ).toBe(400);

    const edited = await client.put(`/api/task/${task.id}/comment`, {
      comment_id: commentId,
      md_text: 'First, edited',
    });
    expect(TaskCommentListSchema.parse(edited.json()).comments[0]).toMatchObject({
      mdText: 'First, edited',
      isModified: true,
    });
    const resolved = await client.put(`/api/task/${task.id}/comment`, {
      comment_id: commentId,
      is_resolved: true,
    });
    const resolvedComment = TaskCommentListSchema.parse(resolved.json()).comments[0]!;
    expect(resolvedComment.isResolved).toBe(true);
    expect(resolvedComment.resolvedBy).not.toBeNull();
    expect(resolvedComment.lastResolvedTime).not.toBeNull();
    const reopened = await client.put(`/api/task/${task.id}/comment`, {
      comment_id: commentId,
      is_resolved: false,
    });
    expect(TaskCommentListSchema.parse(reopened.json()).comments[0]).toMatchObject({
      isResolved: false,
      resolvedBy: null,
    });

    const withoutReply = await client.put(`/api/task/${task.id}/comment`, {
      comment_id: replyId,
      is_deleted: true,
    });
    expect(TaskCommentListSchema.parse(withoutReply.json()).comments[0]?.repliesCount).toBe(0);
    const tasks = WorkItemListSchema.parse((await client.get('/api/workflows/items?kind=task')).json()).items;
    expect(tasks.find((item) => item.id === task.id)?.comment_count).toBe(1);
  });

  it('refuses comments on what is not a task', async () => {
    const { client } = await signUp(t.app);
    const doc = await create(client, { kind: 'document' });
    expect((await client.post(`/api/task/${doc.id}/comment`, { md_text: 'x' })).statusCode).toBe(400);
  });
});

describe('trash', () => {
  it('trashes a subtree, restores it, and deletes it permanently only from the trash', async () => {
    const { client } = await signUp(t.app);
    const folder = await create(client, { kind: 'folder', title: 'Drafts' });
    const doc = await create(client, { kind: 'document', parent_id: folder.id, title: 'Old' });
    expect((await client.request('DELETE', `/api/workflows/items/${folder.id}`)).json().errorText).toBe(
      WorkMessages.NotInTrash,
    );

    const trashed = await client.put(`/api/workflows/items/${folder.id}/delete`);
    expect(trashed.statusCode).toBe(200);
    expect(trashed.json().item).toMatchObject({ is_deleted: true, state: WorkItemState.Deleted });
    const trash = WorkItemListSchema.parse((await client.get('/api/workflows/trash')).json()).items;
    expect(trash.map((item) => item.id)).toEqual([folder.id]);
    const docs = WorkItemListSchema.parse(
      (await client.get('/api/workflows/items?kind=document')).json(),
    ).items;
    expect(docs).toEqual([]);
    // Only what the user deleted comes back by itself.
    expect((await client.put(`/api/workflows/items/${doc.id}/restore`)).statusCode).toBe(400);

    const restored = await client.put(`/api/workflows/items/${folder.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(WorkItemDetailSchema.parse(restored.json()).children.map((child) => child.id)).toEqual([doc.id]);

    await client.put(`/api/workflows/items/${folder.id}/delete`);
    expect((await client.request('DELETE', `/api/workflows/items/${folder.id}`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(workItems).where(eq(workItems.id, doc.id))).toEqual([]);
    expect((await client.get(`/api/workflows/items/${folder.id}`)).statusCode).toBe(404);
    const feed = WorkHomeSchema.parse((await client.get('/api/workflows/home')).json()).activity.map(
      (entry) => entry.action,
    );
    expect(feed).toEqual(
      expect.arrayContaining([
        WorkflowAction.Delete,
        WorkflowAction.Restore,
        WorkflowAction.PermanentlyDelete,
      ]),
    );
  });

  it('lets an editor trash but only the owner delete permanently', async () => {
    const owner = await signUp(t.app);
    const editor = await signUp(t.app);
    const doc = await create(owner.client, { kind: 'document' });
    await owner.client.put(`/api/workflows/items/${doc.id}/collaborators`, {
      email: editor.email,
      role: 'edit',
    });
    expect((await editor.client.put(`/api/workflows/items/${doc.id}/delete`)).statusCode).toBe(200);
    const refused = await editor.client.request('DELETE', `/api/workflows/items/${doc.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorText).toBe(WorkMessages.OwnerOnly);
  });
});

describe('freemium limits', () => {
  it(`stops at ${FreemiumDefaults.workflowProjects} projects and ${FreemiumDefaults.workflowDocs} documents with a clear message`, async () => {
    const { client } = await signUp(t.app);
    for (let n = 0; n < FreemiumDefaults.workflowProjects; n += 1) await create(client, { kind: 'project' });
    const project = await client.post('/api/workflows/items', { kind: 'private_project' });
    expect(project.statusCode).toBe(403);
    expect(project.json()).toEqual({
      errorText: WorkMessages.FreemiumProjects(FreemiumDefaults.workflowProjects),
      upgrade_url: '/pricing',
    });
    let last = 0;
    for (let n = 0; n < FreemiumDefaults.workflowDocs; n += 1)
      last = (await create(client, { kind: 'document' })).id;
    const doc = await client.post('/api/workflows/items', { kind: 'document' });
    expect(doc.statusCode).toBe(403);
    expect(doc.json().errorText).toBe(WorkMessages.FreemiumDocs(FreemiumDefaults.workflowDocs));
    // Trashing one frees its place.
    await client.put(`/api/workflows/items/${last}/delete`);
    expect((await client.post('/api/workflows/items', { kind: 'document' })).statusCode).toBe(201);
  });

  it('lifts the limits once the user holds a plan that covers the work area (Work 250 or above)', async () => {
    const { client } = await signUp(t.app);
    for (let n = 0; n < FreemiumDefaults.workflowProjects; n += 1) await create(client, { kind: 'project' });
    expect((await client.post('/api/workflows/items', { kind: 'project' })).statusCode).toBe(403);
    // The upgrade path the refusal links to: a premium plan (300) paid with the sandbox's test card.
    await seedPlans(t.database.db);
    const paid = await client.post('/api/commerce/checkout/subscription_buy', {
      idempotency_key: `work-upgrade-${process.pid}`,
      plan: '300-12-6000',
      card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2099, cvc: '123', name: 'Lea Learner' },
    });
    expect(paid.statusCode).toBe(200);
    expect((await client.post('/api/workflows/items', { kind: 'project' })).statusCode).toBe(201);
    const home = (await client.get('/api/workflows/home')).json();
    expect(home.limits).toMatchObject({ is_work_freemium: false, projects_used: 4 });
  });
});

describe('stars', () => {
  it('stars and unstars through the spec pin calls', async () => {
    const owner = await signUp(t.app);
    const outsider = await signUp(t.app);
    const project = await create(owner.client, { kind: 'project', title: 'Star me' });
    expect((await owner.client.put('/api/pinwork', { work_item_id: project.id })).statusCode).toBe(200);
    const starred = WorkItemListSchema.parse(
      (await owner.client.get('/api/workflows/items?kind=project&tab=starred')).json(),
    );
    expect(starred.items.map((item) => item.id)).toEqual([project.id]);
    expect((await outsider.client.put('/api/pinwork', { work_item_id: project.id })).statusCode).toBe(404);
    await owner.client.put('/api/unpinwork', { work_item_id: project.id });
    const after = WorkItemListSchema.parse(
      (await owner.client.get('/api/workflows/items?kind=project&tab=starred')).json(),
    );
    expect(after.items).toEqual([]);
  });
});

describe('reviews', () => {
  it('asks people to review a document; each signs off or asks for changes', async () => {
    const author = await signUp(t.app);
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    const outsider = await signUp(t.app);
    const doc = await create(author.client, { kind: 'document', title: 'Syllabus' });
    const requested = await author.client.post('/api/workflows/reviews', {
      document_id: doc.id,
      reviewer_emails: [first.email, second.email],
    });
    expect(requested.statusCode).toBe(201);
    const review = WorkReviewSchema.parse(requested.json());
    expect(review.reviewers.map((reviewer) => reviewer.decision)).toEqual(['pending', 'pending']);
    // The reviewer can now read the document.
    expect((await first.client.get(`/api/workflows/items/${doc.id}`)).statusCode).toBe(200);

    const signed = await first.client.put(`/api/workflows/reviews/${review.review.id}/signoff`, {
      decision: 'signed_off',
    });
    expect(signed.statusCode).toBe(200);
    const changes = await second.client.put(`/api/workflows/reviews/${review.review.id}/signoff`, {
      decision: 'changes_requested',
      note: 'Add week 3',
    });
    expect(
      WorkReviewSchema.parse(changes.json())
        .reviewers.map((reviewer) => reviewer.decision)
        .sort(),
    ).toEqual(['changes_requested', 'signed_off']);
    expect(
      (
        await outsider.client.put(`/api/workflows/reviews/${review.review.id}/signoff`, {
          decision: 'signed_off',
        })
      ).statusCode,
    ).toBe(404);
    const mine = (await first.client.get('/api/workflows/reviews')).json().reviews;
    expect(mine).toHaveLength(1);
    const followUps = (await author.client.get('/api/workflows/reviews?tab=follow_ups')).json().reviews;
    expect(followUps).toEqual([]);
  });
});

describe('scheduled reports', () => {
  it('the worker creates the report task when the moved clock reaches next_scheduled_date', async () => {
    const owner = await signUp(t.app);
    const mate = await signUp(t.app);
    const next = new Date(t.clock.now().getTime() + 2 * 86_400_000);
    const created = await owner.client.post('/api/workflows/scheduled-reports', {
      title: 'Weekly status',
      assignees_list: [mate.user.user_id],
      repeat_every: 1,
      repeat_type: 'weeks',
      repeat_on_weekday: next.getUTCDay(),
      next_scheduled_date: next.toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const report = ScheduledReportSchema.parse(created.json());
    const tasksOf = async () =>
      WorkItemListSchema.parse((await mate.client.get('/api/workflows/items?kind=task&tab=mine')).json())
        .items;
    expect(await tasksOf()).toEqual([]);

    t.clock.advance(3 * 86_400_000);
    const tasks = await waitFor(async () => {
      const found = await tasksOf();
      return found.length > 0 ? found : undefined;
    }, 'the report task');
    expect(tasks[0]?.title).toBe(`Weekly status — ${next.toISOString().slice(0, 10)}`);
    const reports = (await owner.client.get('/api/workflows/scheduled-reports')).json().reports;
    const moved = new Date(reports[0].next_scheduled_date);
    expect(moved.getTime()).toBe(next.getTime() + 7 * 86_400_000);
    const mail = await waitFor(async () => {
      const rows = await t.database.db.select().from(devMailbox).where(eq(devMailbox.toAddress, mate.email));
      return rows.length > 0 ? rows : undefined;
    }, 'the report mail');
    expect(mail[0]?.subject).toBe(`New report task: ${tasks[0]?.title}`);
    expect(report.item.kind).toBe('scheduled_report');
  });
});

describe('editing a scheduled report', () => {
  it('changes its rule, people and date; the new date gets its run and the old one does nothing', async () => {
    const owner = await signUp(t.app);
    const mate = await signUp(t.app);
    const outsider = await signUp(t.app);
    const DAY = 86_400_000;
    const first = new Date(t.clock.now().getTime() + 2 * DAY);
    const created = await owner.client.post('/api/workflows/scheduled-reports', {
      title: 'Monthly numbers',
      repeat_every: 1,
      repeat_type: 'weeks',
      repeat_on_weekday: first.getUTCDay(),
      next_scheduled_date: first.toISOString(),
    });
    const report = ScheduledReportSchema.parse(created.json());
    const path = `/api/workflows/scheduled-reports/${report.item.id}`;

    // Refusals: bad input, a past date, weeks without a weekday, an unknown person, people without access.
    expect((await owner.client.put(path, {})).statusCode).toBe(400);
    expect((await owner.client.put(path, { repeat_every: 0 })).statusCode).toBe(400);
    expect((await owner.client.put(path, { colour: 'red' })).statusCode).toBe(400);
    const past = await owner.client.put(path, {
      next_scheduled_date: new Date(t.clock.now().getTime() - DAY).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.body).toContain('must be in the future');
    expect((await owner.client.put(path, { repeat_on_weekday: null })).statusCode).toBe(400);
    const unknown = await owner.client.put(path, { watchers_list: [999_999_999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain(WorkMessages.UnknownUser);
    expect((await outsider.client.put(path, { title: 'Mine now' })).statusCode).toBe(404);
    expect((await mate.client.put(path, { title: 'Mine now' })).statusCode).toBe(404);
    const task = await create(owner.client, { kind: 'task', title: 'Not a report' });
    expect(
      (await owner.client.put(`/api/workflows/scheduled-reports/${task.id}`, { title: 'x' })).statusCode,
    ).toBe(404);

    // A change of every kind, the date earlier than before.
    const sooner = new Date(t.clock.now().getTime() + DAY);
    const edited = await owner.client.put(path, {
      title: 'Month-end numbers',
      description: 'Revenue and churn.',
      assignees_list: [mate.user.user_id],
      repeat_type: 'months',
      repeat_on_weekday: null,
      repeat_on_date: 31,
      next_scheduled_date: sooner.toISOString(),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(ScheduledReportSchema.parse(edited.json())).toMatchObject({
      item: { title: 'Month-end numbers', description: 'Revenue and churn.' },
      assignees_list: [{ user_id: mate.user.user_id }],
      repeat_type: 'months',
      repeat_on_weekday: null,
      repeat_on_date: 31,
      next_scheduled_date: sooner.toISOString(),
    });
    expect(await actionsOn(report.item.id)).toContain(WorkflowAction.Update);
    // The one who edits it after being given edit rights may do so too.
    await owner.client.put(`/api/workflows/items/${report.item.id}/collaborators`, {
      email: mate.email,
      role: 'edit',
    });
    expect((await mate.client.put(path, { title: 'Month-end numbers' })).statusCode).toBe(200);

    // The run at the new date makes one task; the run queued for the old date finds its date moved on.
    const mateTasks = async () =>
      WorkItemListSchema.parse((await mate.client.get('/api/workflows/items?kind=task&tab=mine')).json())
        .items;
    t.clock.advance(DAY + 3_600_000);
    const tasks = await waitFor(async () => {
      const found = await mateTasks();
      return found.length > 0 ? found : undefined;
    }, 'the report task at the new date');
    expect(tasks.map((item) => item.title)).toEqual([
      `Month-end numbers — ${sooner.toISOString().slice(0, 10)}`,
    ]);
    t.clock.advance(2 * DAY);
    const after = await waitFor(async () => {
      const [listed] = (await owner.client.get('/api/workflows/scheduled-reports')).json().reports as Array<{
        item: { id: number };
        next_scheduled_date: string;
      }>;
      return listed && new Date(listed.next_scheduled_date).getTime() > sooner.getTime() ? listed : undefined;
    }, 'the date moved on');
    expect(new Date(after.next_scheduled_date).getUTCMonth()).not.toBe(sooner.getUTCMonth());
    // Still one task once the old date has passed too (poll the queue until its run has happened).
    await waitFor(async () => {
      const rows = await t.database.db.select().from(jobs).where(eq(jobs.kind, SCHEDULED_REPORT_JOB));
      return rows.every((row) => row.state !== 'queued' || row.runAt.getTime() > t.clock.now().getTime())
        ? rows
        : undefined;
    }, 'the old run to be done');
    expect((await mateTasks()).length).toBe(1);

    // In the trash it cannot be edited.
    await owner.client.put(`/api/workflows/items/${report.item.id}/delete`, {});
    const trashed = await owner.client.put(path, { title: 'Again' });
    expect(trashed.statusCode).toBe(400);
    expect(trashed.body).toContain(WorkMessages.InTrash);
  });
});

describe('organization ownership', () => {
  it('gives items made inside an organization to it, and the tree below them too', async () => {
    const member = await signUp(t.app);
    const loner = await signUp(t.app);
    const { organizationId } = await buildOrganization(t.database, {
      name: 'Acme',
      members: [{ email: member.email, userId: member.user.user_id, role: EnterpriseRole.Learner }],
    });
    const project = await create(member.client, { kind: 'project', title: 'Acme launch' });
    expect(project.organization_id).toBe(organizationId);
    const task = await create(member.client, { kind: 'project_task', parent_id: project.id });
    expect(task.organization_id).toBe(organizationId);
    const doc = await create(member.client, { kind: 'document', title: 'Brief' });
    const review = await member.client.post('/api/workflows/reviews', {
      document_id: doc.id,
      reviewer_emails: [loner.email],
    });
    expect(WorkReviewSchema.parse(review.json()).review.organization_id).toBe(organizationId);

    // Outside any organization an item is the user's own; what they make inside a shared organization
    // item still belongs to that organization.
    const own = await create(loner.client, { kind: 'document' });
    expect(own.organization_id).toBeNull();
    await member.client.put(`/api/workflows/items/${project.id}/collaborators`, {
      email: loner.email,
      role: 'edit',
    });
    const inside = await create(loner.client, { kind: 'project_task', parent_id: project.id });
    expect(inside.organization_id).toBe(organizationId);
  });
});

describe('work onboarding', () => {
  it('walks the steps and completes once', async () => {
    const { client } = await signUp(t.app);
    expect((await client.get('/api/workflows/onboarding')).json()).toEqual({
      next_onboarding_stage: 'invite member',
      is_onboarding_completed: false,
      redirected_project_id: null,
    });
    const step = await client.post('/api/user/workflow/onboarding', {
      next_onboarding_stage: 'create project',
    });
    expect(step.json().next_onboarding_stage).toBe('create project');
    expect(
      (await client.post('/api/user/workflow/onboarding', { next_onboarding_stage: 'nope' })).statusCode,
    ).toBe(400);
    await client.post('/api/user/workflow/onboarding', { is_onboarding_completed: true });
    const again = await client.post('/api/user/workflow/onboarding', {
      is_onboarding_completed: false,
      next_onboarding_stage: 'show demo',
    });
    expect(again.json()).toMatchObject({ is_onboarding_completed: true, next_onboarding_stage: null });
  });
});
