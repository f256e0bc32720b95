import { createHash } from 'node:crypto';
import type { Lesson } from '@coderoom/contracts';
import { describe, expect, it } from 'vitest';
import { lessonJson, sharedLessonHead, VISITOR_LESSON } from './lesson.body.js';

// The prepared lesson answer must be exactly what serializing the whole Lesson gave before: same bytes
// (key order included, so clients and validators see no difference) and a tag that moves with them.

const shared: Omit<Lesson, 'is_completed' | 'progress' | 'widget_data'> = {
  page: {
    page_id: 30,
    title: 'Loops "and" ünïcode ✓',
    summary: 'Line\nbreak and \u2028 separator',
    is_optional: false,
    estimated_minutes: 7,
    components: [
      { type: 'MarkdownEditor', comp_id: 'md-1', content: { text: '# Hi', mdHtml: '<h1>Hi</h1>' } },
    ],
  },
  course: {
    author_id: 1,
    collection_id: 2,
    encoded_id: 'abc',
    work_type: 'course',
    title: 'Course',
    slug: 'course',
    summary: '',
    cover_image_url: null,
    difficulty: 'beginner',
    language_topic: null,
    tags: ['a'],
    is_free: true,
    is_early_access: false,
    lesson_count: 2,
    estimated_minutes: 9,
    author_name: 'Ann',
    learner_count: 3,
    url: '/courses/course-abc',
    skills: [],
    target_audience: [],
    takeaway_skills: [],
    prerequisites: [],
    prerequisite_courses: [],
    overview: '',
    version_state: 2,
    review_state: 1,
    is_draft_view: false,
    can_edit: false,
  } as unknown as Lesson['course'],
  toc: [],
  previous: null,
  next: { page_id: 31, title: 'Next', url: '/x' },
};

const learner = {
  is_completed: true,
  progress: {
    completed_page_ids: [30],
    mandatory_total: 2,
    mandatory_completed: 1,
    percent: 50,
    last_page_id: 30,
    certificate_hash: null,
  },
  widget_data: { 'code-1': { code: 'print("hi")' }, empty: null },
};

describe('a prepared lesson answer', () => {
  it('is byte for byte the JSON of the whole lesson, for a learner and for a visitor', () => {
    const head = sharedLessonHead(shared);
    const own = lessonJson(head, learner);
    expect(own.body.toString('utf8')).toBe(JSON.stringify({ ...shared, ...learner }));
    expect(JSON.parse(own.body.toString('utf8'))).toEqual({ ...shared, ...learner });
    const visitor = lessonJson(head, VISITOR_LESSON);
    expect(visitor.body.toString('utf8')).toBe(
      JSON.stringify({ ...shared, is_completed: false, progress: null, widget_data: {} }),
    );
  });

  it('is tagged with the weak validator of its JSON, which moves with the learner part', () => {
    const head = sharedLessonHead(shared);
    const own = lessonJson(head, learner);
    const json = JSON.stringify({ ...shared, ...learner });
    expect(own.etag).toBe(`W/"${createHash('sha1').update(json).digest('base64url')}"`);
    expect(own.body.length).toBe(Buffer.byteLength(json));
    expect(lessonJson(head, { ...learner, is_completed: false }).etag).not.toBe(own.etag);
    expect(lessonJson(head, VISITOR_LESSON).etag).not.toBe(own.etag);
  });
});
