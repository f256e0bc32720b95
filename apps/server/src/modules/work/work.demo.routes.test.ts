import {
  ScheduledReportListSchema,
  TaskCommentListSchema,
  WorkHomeSchema,
  WorkItemDetailSchema,
  WorkItemListSchema,
  WorkReviewListSchema,
} from '@coderoom/contracts';
import { WorkItemStatus } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '../../test/harness.js';
import { seedWorkDemo } from './work.demo.js';

// The demo workspace of issue 18, read back through the API the screens use: author@'s "Course launch"
// with a project, a folder, three documents, six tasks in each status (one overdue, one with sub-tasks and
// comments), a review waiting for the reviewer, a group and a weekly scheduled report.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the demo workspace "Course launch"', () => {
  it('holds everything issue 18 names, for the author and the reviewer', async () => {
    const author = await signUp(t.app, { full_name: 'Ada Author' });
    const reviewer = await signUp(t.app, { full_name: 'Rex Reviewer' });
    const learner = await signUp(t.app);
    const people = {
      authorId: author.user.user_id,
      reviewerId: reviewer.user.user_id,
      learnerId: learner.user.user_id,
    };
    expect(await seedWorkDemo(t.database.db, people, t.clock.now())).toBe(true);
    // Once only: a named workspace means done.
    expect(await seedWorkDemo(t.database.db, people, t.clock.now())).toBe(false);

    const list = async (query: string) =>
      WorkItemListSchema.parse((await author.client.get(`/api/workflows/items?${query}`)).json()).items;
    const home = WorkHomeSchema.parse((await author.client.get('/api/workflows/home')).json());
    expect(home.workspace_name).toBe('Course launch');

    const projects = await list('kind=project');
    expect(projects.map((item) => item.title)).toEqual(['Launch the Rust course']);
    expect((await list('kind=folder')).map((item) => item.title)).toEqual(['Lesson scripts']);
    expect(await list('kind=document')).toHaveLength(3);
    expect(await list('kind=group')).toHaveLength(1);

    const tasks = (await list('kind=task')).filter((item) => item.item_kind !== 5003);
    for (const status of Object.values(WorkItemStatus)) {
      expect(
        tasks.filter((item) => item.status === status),
        `status ${status}`,
      ).toHaveLength(6);
    }
    const now = t.clock.now().getTime();
    const overdue = tasks.filter(
      (item) =>
        item.due_date !== null &&
        new Date(item.due_date).getTime() < now &&
        item.status !== WorkItemStatus.Done,
    );
    expect(overdue.map((item) => item.title)).toEqual(['Design the course thumbnail']);
    expect(home.due_soon.map((item) => item.title)).toContain('Design the course thumbnail');

    const landing = tasks.find((item) => item.sub_task_count > 0 && item.comment_count > 0);
    expect(landing?.title).toBe('Set up the landing page');
    const detail = WorkItemDetailSchema.parse(
      (await author.client.get(`/api/workflows/items/${landing?.id}`)).json(),
    );
    expect(detail.children.map((child) => child.title)).toEqual([
      'Write the headline',
      'Add the syllabus section',
    ]);
    const comments = TaskCommentListSchema.parse(
      (await author.client.get(`/api/task/${landing?.id}/comment`)).json(),
    );
    expect(comments.comments[0]?.repliesCount).toBe(1);

    // The review waits for the reviewer, who sees it among theirs and can open the document.
    const waiting = WorkReviewListSchema.parse(
      (await author.client.get('/api/workflows/reviews?tab=follow_ups')).json(),
    ).reviews;
    expect(waiting.map((review) => review.reviewers.map((entry) => [entry.email, entry.decision]))).toEqual([
      [[reviewer.email, 'pending']],
    ]);
    const theirs = WorkReviewListSchema.parse(
      (await reviewer.client.get('/api/workflows/reviews')).json(),
    ).reviews;
    expect(theirs.map((review) => review.review.title)).toEqual(['Review: Course outline']);

    const reports = ScheduledReportListSchema.parse(
      (await author.client.get('/api/workflows/scheduled-reports')).json(),
    ).reports;
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      item: { title: 'Weekly launch status' },
      repeat_every: 1,
      repeat_type: 'weeks',
    });
  });
});
