import { type NotificationsResponse, WorkItemDetailSchema } from '@coderoom/contracts';
import { NotificationReadState, NotificationType, WorkMessages } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp, type TestClient } from '../../test/harness.js';
import { mentionedEmails } from './work.service.js';

// Work notifications through the bell (docs/work.md): being assigned a task, asked for a review, or
// mentioned in a task comment; never for one's own doing, never for people who cannot open the item.

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

  it('reads mentions as whole addresses without trailing punctuation', () => {
    expect(mentionedEmails('hi @a.b@example.com, and @c@ex.org. Not mail@x.org or @nobody')).toEqual([
      'a.b@example.com',
      'c@ex.org',
    ]);
  });
});
