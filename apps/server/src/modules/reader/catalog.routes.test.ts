import type { CourseHome, FeaturedItemsResponse } from '@coderoom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoreServices } from '../../coreServices.js';
import { systemClock } from '../../platform/clock.js';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';

// The catalogue's cards and course pages (docs/catalog.md): learners, sort, length filter, prerequisites.

let t: TestApp;
let basics: Awaited<ReturnType<typeof buildCourse>>;
let popular: Awaited<ReturnType<typeof buildCourse>>;
let long: Awaited<ReturnType<typeof buildCourse>>;

beforeAll(async () => {
  t = await buildTestApp();
  const author = await buildUser(t.database, { fullName: 'Ada Author' });
  basics = await buildCourse(t.database, {
    author,
    slug: 'zig-basics',
    title: 'Zig Basics',
    lessons: 2,
    minutesPerLesson: 10,
  });
  popular = await buildCourse(t.database, {
    author,
    slug: 'zig-in-depth',
    title: 'Zig in Depth',
    lessons: 3,
    minutesPerLesson: 25,
    prerequisites: ['Pointers and memory', 'Reading compiler errors'],
  });
  long = await buildCourse(t.database, {
    author,
    slug: 'zig-systems',
    title: 'Zig Systems',
    lessons: 4,
    minutesPerLesson: 60,
  });
  const { content } = createCoreServices({ db: t.database.db, clock: systemClock });
  await content.importPath({
    slug: 'zig-path',
    manifest: {
      title: 'Zig Path',
      slug: 'zig-path',
      summary: 'All of Zig.',
      overview: '',
      difficulty: 'beginner',
      tags: ['zig'],
      skills: [],
      is_free: true,
      author: author.email,
      courses: ['zig-basics', 'zig-in-depth', 'zig-systems'],
    },
  });
  // Two learners open "Zig in Depth", one opens "Zig Basics"; the same learner twice counts once.
  for (const [course, times] of [
    [popular, 2],
    [basics, 1],
  ] as const) {
    for (let index = 0; index < times; index += 1) {
      const { client } = await signUp(t.app);
      const [pageId] = course.pageIds;
      const url = `/api/reader/collection/${course.author.id}/${course.collection.id}/page/${pageId}`;
      expect((await client.get(url)).statusCode).toBe(200);
      expect((await client.get(url)).statusCode).toBe(200);
    }
  }
});
afterAll(async () => {
  await t.close();
});

async function featured(query: string): Promise<FeaturedItemsResponse> {
  const response = await new TestClient(t.app).get(`/api/reader/featured_items?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function home(course: Awaited<ReturnType<typeof buildCourse>>): Promise<CourseHome> {
  const response = await new TestClient(t.app).get(
    `/api/reader/collection/${course.author.id}/${course.collection.id}`,
  );
  expect(response.statusCode).toBe(200);
  return response.json();
}

const titles = (response: FeaturedItemsResponse) => response.items.map((item) => item.title);

describe('catalogue cards', () => {
  it('count each learner once, with the author, lessons and length', async () => {
    const cards = (await featured('search_string=zig&type=courses')).items;
    const byTitle = new Map(cards.map((card) => [card.title, card]));
    expect(byTitle.get('Zig in Depth')).toMatchObject({
      learner_count: 2,
      lesson_count: 3,
      estimated_minutes: 75,
      author_name: 'Ada Author',
    });
    expect(byTitle.get('Zig Basics')?.learner_count).toBe(1);
    expect(byTitle.get('Zig Systems')?.learner_count).toBe(0);
    expect((await home(popular)).collection.learner_count).toBe(2);
  });

  it('sort by learners, by length and by title', async () => {
    expect(titles(await featured('search_string=zig&type=courses&sort=popular'))).toEqual([
      'Zig in Depth',
      'Zig Basics',
      'Zig Systems',
    ]);
    expect(titles(await featured('search_string=zig&type=courses&sort=shortest'))).toEqual([
      'Zig Basics',
      'Zig in Depth',
      'Zig Systems',
    ]);
    expect(titles(await featured('search_string=zig&sort=title'))).toEqual([
      'Zig Basics',
      'Zig in Depth',
      'Zig Path',
      'Zig Systems',
    ]);
    expect(titles(await featured('search_string=zig&type=courses&sort=newest'))).toHaveLength(3);
  });

  it('filter by length: under an hour, one to three hours, more', async () => {
    expect(titles(await featured('search_string=zig&type=courses&duration=short'))).toEqual(['Zig Basics']);
    expect(titles(await featured('search_string=zig&type=courses&duration=medium'))).toEqual([
      'Zig in Depth',
    ]);
    expect(titles(await featured('search_string=zig&type=courses&duration=long'))).toEqual(['Zig Systems']);
  });

  it('refuse an unknown sort or length with 400 and the field', async () => {
    for (const [query, field] of [
      ['sort=cheapest', 'sort'],
      ['duration=forever', 'duration'],
    ] as const) {
      const response = await new TestClient(t.app).get(`/api/reader/featured_items?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty(field);
    }
  });
});

describe('course page prerequisites', () => {
  it("lists the author's prerequisites and the courses before it in a path, in the path's order", async () => {
    const systems = await home(long);
    expect(systems.collection.prerequisites).toEqual([]);
    expect(systems.collection.prerequisite_courses.map((course) => course.title)).toEqual([
      'Zig Basics',
      'Zig in Depth',
    ]);
    const depth = await home(popular);
    expect(depth.collection.prerequisites).toEqual(['Pointers and memory', 'Reading compiler errors']);
    expect(depth.collection.prerequisite_courses.map((course) => course.title)).toEqual(['Zig Basics']);
    expect((await home(basics)).collection.prerequisite_courses).toEqual([]);
  });

  it('tells a visitor which lessons are previews before they open one', async () => {
    const pages = (await home(popular)).toc.flatMap((category) => category.pages);
    expect(pages.map((page) => page.is_preview)).toEqual([true, false, false]);
    const locked = pages[1];
    const response = await new TestClient(t.app).get(
      `/api/reader/collection/${popular.author.id}/${popular.collection.id}/page/${locked?.page_id}`,
    );
    expect(response.statusCode).toBe(401);
  });
});
