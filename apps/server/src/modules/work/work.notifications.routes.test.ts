import { type NotificationsResponse, WorkItemDetailSchema } from '@coderoom/contracts';
import { NotificationReadState, NotificationType, WorkItemStatus, WorkMessages } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, workItems } from '../../db/schema.js';
import { buildTestApp, signUp, type TestApp, type TestClient, waitFor } from '../../test/harness.js';
import { mentionedEmails, TASK_DUE_JOB } from './work.service.js';

const DAY = 86_400_000;

// Work notifications through the bell (docs/work.md): being assigned a task, asked for a review, or
// mentioned in a task comment; a task's status or due date changing, its due date nearing (a queued
// reminder, run with a moved clock); a reviewer's decision. Never for one's own doing, never for people who
// cannot open the item.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function bell(client: TestClient) {
  const response = await client.get('/api/workflow/notifications');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as NotificationsResponse).notifications;
}

async function create(client: TestClient, body: Record<string, unknown>) {
  const response = await client.post('/api/workflows/items', body);
  expect(response.statusCode, response.body).toBe(201);
  return WorkItemDetailSchema.parse(response.json()).item;
}

describe('work notifications', () => {
  it('tell a person they were assigned a task, once, and not the one who assigned themselves', async () => {
    const owner = await signUp(t.app, { full_name: 'Owen Owner' });
    const mate = await signUp(t.app);
    const task = await create(owner.client, { kind: 'task', title: 'Fix the build' });
    await owner.client.put(`/api/workflows/items/${task.id}/collaborators`, {
      email: mate.email,
      role: 'edit',
    });
    const assigned = await owner.client.put(`/api/workflows/items/${task.id}`, {
      assignee_ids: [owner.user.user_id, mate.user.user_id],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    // Saving the same people again is no new assignment.
    await owner.client.put(`/api/workflows/items/${task.id}`, {
      assignee_ids: [owner.user.user_id, mate.user.user_id],
    });
    const theirs = await bell(mate.client);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({
      type: NotificationType.WorkflowTaskAssigned,
      title: WorkMessages.NotifyAssigned('Owen Owner', 'Fix the build'),
      link: `/work/task/${task.id}`,
      read_state: NotificationReadState.Unread,
    });
    expect(await bell(owner.client)).toEqual([]);
  });

  it('tell people mentioned in a task comment who can open the task, and nobody else', async () => {
    const owner = await signUp(t.app, { full_name: 'Owen Owner' });
    const mate = await signUp(t.app);
    const outsider = await signUp(t.app);
    const task = await create(owner.client, { kind: 'task', title: 'Plan the demo' });
    await owner.client.put(`/api/workflows/items/${task.id}/collaborators`, {
      email: mate.email,
      role: 'view',
    });
    const text = `Can you check this, @${mate.email.toUpperCase()}? And @${outsider.email}, and me @${owner.email}.`;
    const comment = await owner.client.post(`/api/task/${task.id}/comment`, { md_text: text });
    expect(comment.statusCode, comment.body).toBe(201);
    const theirs = await bell(mate.client);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({
      type: NotificationType.WorkflowTaskComment,
      title: WorkMessages.NotifyMentioned('Owen Owner', 'Plan the demo'),
      body: text,
      link: `/work/task/${task.id}`,
    });
    expect(await bell(outsider.client)).toEqual([]);
    expect(await bell(owner.client)).toEqual([]);
  });

  it('tell reviewers they were asked for a review', async () => {
    const owner = await signUp(t.app, { full_name: 'Owen Owner' });
    const reviewer = await signUp(t.app);
    const doc = await create(owner.client, { kind: 'document', title: 'Pitch' });
    const review = await owner.client.post('/api/workflows/reviews', {
      document_id: doc.id,
      reviewer_emails: [reviewer.email],
    });
    expect(review.statusCode, review.body).toBe(201);
    const theirs = await bell(reviewer.client);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({
      type: NotificationType.WorkflowTaskAssigned,
      title: WorkMessages.NotifyReviewRequested('Owen Owner', 'Pitch'),
      link: '/work/reviews',
    });
  });

  it('tell a task’s people of a status change, never the one who made it nor someone just assigned', async () => {
    const owner = await signUp(t.app, { full_name: 'Owen Owner' });
    const mate = await signUp(t.app, { full_name: 'Mia Mate' });
    const task = await create(owner.client, { kind: 'task', title: 'Cut the trailer' });
    await owner.client.put(`/api/workflows/items/${task.id}/collaborators`, {
      email: mate.email,
      role: 'edit',
    });
    // Assigned and started in one change: the assignment says enough.
    await owner.client.put(`/api/workflows/items/${task.id}`, {
      assignee_ids: [mate.user.user_id],
      status: WorkItemStatus.InProgress,
    });
    expect((await bell(mate.client)).map((entry) => entry.type)).toEqual([
      NotificationType.WorkflowTaskAssigned,
    ]);

    const done = await mate.client.put(`/api/workflows/items/${task.id}`, { status: WorkItemStatus.Done });
    expect(done.statusCode, done.body).toBe(200);
    const owners = await bell(owner.client);
    expect(owners).toHaveLength(1);
    expect(owners[0]).toMatchObject({
      type: NotificationType.WorkflowTaskCompleted,
      title: WorkMessages.NotifyStatus('Mia Mate', 'Cut the trailer', 'Done'),
      link: `/work/task/${task.id}`,
    });

    await owner.client.put(`/api/workflows/items/${task.id}`, { status: WorkItemStatus.InReview });
    const mates = await bell(mate.client);
    expect(mates.find((entry) => entry.type === NotificationType.TaskUpdated)).toMatchObject({
      title: WorkMessages.NotifyStatus('Owen Owner', 'Cut the trailer', 'In Review'),
    });
    // Saving the same status again is no change.
    await owner.client.put(`/api/workflows/items/${task.id}`, { status: WorkItemStatus.InReview });
    expect(await bell(mate.client)).toHaveLength(mates.length);
    expect(await bell(owner.client)).toHaveLength(1);
  });

  it('tell assignees of a due date and remind them once when it nears, for the latest date only', async () => {
    const owner = await signUp(t.app, { full_name: 'Owen Owner' });
    const mate = await signUp(t.app);
    const task = await create(owner.client, { kind: 'task', title: 'Book the studio' });
    await owner.client.put(`/api/workflows/items/${task.id}/collaborators`, {
      email: mate.email,
      role: 'edit',
    });
    await owner.client.put(`/api/workflows/items/${task.id}`, { assignee_ids: [mate.user.user_id] });
    const first = new Date(t.clock.now().getTime() + 3 * DAY);
    const second = new Date(t.clock.now().getTime() + 5 * DAY);
    await owner.client.put(`/api/workflows/items/${task.id}`, { due_date: first.toISOString() });
    await owner.client.put(`/api/workflows/items/${task.id}`, { due_date: second.toISOString() });
    const changes = (await bell(mate.client)).filter(
      (entry) => entry.type === NotificationType.DueDateChanged,
    );
    expect(changes.map((entry) => entry.title).sort()).toEqual(
      [
        WorkMessages.NotifyDueDate('Owen Owner', 'Book the studio', first.toISOString().slice(0, 10)),
        WorkMessages.NotifyDueDate('Owen Owner', 'Book the studio', second.toISOString().slice(0, 10)),
      ].sort(),
    );
    const reminders = async () =>
      (await bell(mate.client)).filter((entry) => entry.type === NotificationType.WorkflowTaskDue);
    expect(await reminders()).toEqual([]);

    // Past both reminder times: the run for the first date finds the date changed and tells nobody.
    t.clock.advance(4.5 * DAY);
    const told = await waitFor(async () => {
      const found = await reminders();
      return found.length > 0 ? found : undefined;
    }, 'the due reminder');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: WorkMessages.NotifyDueSoon('Book the studio', second.toISOString().slice(0, 10)),
      link: `/work/task/${task.id}`,
    });
    await waitFor(async () => {
      const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, TASK_DUE_JOB));
      const ours = queued.filter((job) => (job.payload as { item_id?: number }).item_id === task.id);
      return (ours.length === 2 && ours.every((job) => job.state === 'done')) || undefined;
    }, 'the reminder runs to finish');
    expect(await reminders()).toHaveLength(1);
    const [stored] = await t.database.db.select().from(workItems).where(eq(workItems.id, task.id));
    expect(stored?.dueNotifiedFor?.getTime()).toBe(second.getTime());
    // The owner, with someone assigned, hears nothing of it.
    expect(
      (await bell(owner.client)).filter((entry) => entry.type === NotificationType.WorkflowTaskDue),
    ).toEqual([]);
  });

  it('tell the one who asked for a review of each sign-off and request for changes', async () => {
    const owner = await signUp(t.app, { full_name: 'Owen Owner' });
    const first = await signUp(t.app, { full_name: 'Rita Reviewer' });
    const second = await signUp(t.app, { full_name: 'Sam Second' });
    const doc = await create(owner.client, { kind: 'document', title: 'Outline' });
    const requested = await owner.client.post('/api/workflows/reviews', {
      document_id: doc.id,
      reviewer_emails: [first.email, second.email],
    });
    const reviewId = requested.json().review.id as number;
    expect(
      (await first.client.put(`/api/workflows/reviews/${reviewId}/signoff`, { decision: 'signed_off' }))
        .statusCode,
    ).toBe(200);
    await second.client.put(`/api/workflows/reviews/${reviewId}/signoff`, {
      decision: 'changes_requested',
      note: 'Shorten part 2',
    });
    const owners = await bell(owner.client);
    expect(owners).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: NotificationType.WorkflowTaskCompleted,
          title: WorkMessages.NotifySignedOff('Rita Reviewer', 'Outline'),
          link: '/work/reviews?tab=follow_ups',
        }),
        expect.objectContaining({
          type: NotificationType.TaskUpdated,
          title: WorkMessages.NotifyChangesRequested('Sam Second', 'Outline'),
          body: 'Shorten part 2',
        }),
      ]),
    );
    expect(owners).toHaveLength(2);
    // Reviewers hear only of being asked.
    expect((await bell(first.client)).map((entry) => entry.type)).toEqual([
      NotificationType.WorkflowTaskAssigned,
    ]);
  });

  it('reads mentions as whole addresses without trailing punctuation', () => {
    expect(mentionedEmails('hi @a.b@example.com, and @c@ex.org. Not mail@x.org or @nobody')).toEqual([
      'a.b@example.com',
      'c@ex.org',
    ]);
  });
});
