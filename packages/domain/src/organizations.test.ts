import { describe, expect, it } from 'vitest';
import {
  activeOrganizationId,
  csvCell,
  emailsFromCsv,
  isVisibleInOrganization,
  isVisibleOnB2bDomain,
  type OrganizationScope,
} from './organizations.js';

const scope = (overrides: Partial<OrganizationScope> = {}): OrganizationScope => ({
  organization_id: 1,
  no_courses_access: false,
  is_learn_freemium: false,
  can_access_cloudlabs: true,
  ...overrides,
});
const course = {
  author_id: 10,
  collection_id: 20,
  is_private: false,
  work_type: 'course',
  categories: ['Go'],
};

describe('content visibility for organization subscribers (spec 001 §5)', () => {
  it('rule 1: private collections are always allowed', () => {
    const bounded = scope({ no_courses_access: true, included_courses_list: [{ author_id: 1, work_id: 2 }] });
    expect(isVisibleInOrganization(bounded, { ...course, is_private: true })).toBe(true);
  });
  it('rule 2: no lists, or all courses included, allows', () => {
    expect(isVisibleInOrganization(scope(), course)).toBe(true);
    expect(
      isVisibleInOrganization(
        scope({ include_all_courses: true, excluded_courses_list: [{ author_id: 10, work_id: 20 }] }),
        course,
      ),
    ).toBe(true);
  });
  it('rule 3: inclusion by course (author and work must both match) or category', () => {
    expect(
      isVisibleInOrganization(scope({ included_courses_list: [{ author_id: 10, work_id: 20 }] }), course),
    ).toBe(true);
    expect(
      isVisibleInOrganization(scope({ included_courses_list: [{ author_id: 11, work_id: 20 }] }), course),
    ).toBe(false);
    expect(isVisibleInOrganization(scope({ included_categories_list: ['Go'] }), course)).toBe(true);
  });
  it('rule 4: with only exclusions, allowed unless excluded', () => {
    expect(
      isVisibleInOrganization(scope({ excluded_courses_list: [{ author_id: 10, work_id: 20 }] }), course),
    ).toBe(false);
    expect(isVisibleInOrganization(scope({ excluded_categories_list: ['Go'] }), course)).toBe(false);
    expect(isVisibleInOrganization(scope({ excluded_categories_list: ['Rust'] }), course)).toBe(true);
  });
  it('rule 5: a visitor on a B2B domain sees no free, unpriced or tagged collections', () => {
    expect(isVisibleOnB2bDomain({ is_free: true, is_priced: true, learner_tags: [] }, null)).toBe(false);
    expect(isVisibleOnB2bDomain({ is_free: false, is_priced: false, learner_tags: [] }, null)).toBe(false);
    expect(
      isVisibleOnB2bDomain({ is_free: false, is_priced: true, learner_tags: ['students'] }, 'students'),
    ).toBe(false);
    expect(isVisibleOnB2bDomain({ is_free: false, is_priced: true, learner_tags: [] }, 'students')).toBe(
      true,
    );
  });
  it('rule 6: standalone cloud labs only when permitted', () => {
    const lab = { ...course, work_type: 'standalone_cloud_lab' };
    expect(isVisibleInOrganization(scope({ can_access_cloudlabs: false }), lab)).toBe(false);
    expect(isVisibleInOrganization(scope(), lab)).toBe(true);
  });
  it('rule 7: paths unless the organization blocks courses, or the learn-freemium flag applies', () => {
    const path = { ...course, work_type: 'path' };
    expect(isVisibleInOrganization(scope({ no_courses_access: true }), path)).toBe(false);
    expect(isVisibleInOrganization(scope({ no_courses_access: true, is_learn_freemium: true }), path)).toBe(
      true,
    );
    expect(
      isVisibleInOrganization(scope({ excluded_courses_list: [{ author_id: 10, work_id: 20 }] }), path),
    ).toBe(true);
  });
});

describe('organizations helpers', () => {
  it('active organization: stored if still a member, else the first, else none', () => {
    expect(activeOrganizationId(2, [1, 2])).toBe(2);
    expect(activeOrganizationId(3, [1, 2])).toBe(1);
    expect(activeOrganizationId(3, [])).toBeNull();
  });
  it('reads addresses out of a CSV, once each', () => {
    expect(emailsFromCsv('email,name\r\nA@x.io,Ann\n"b@x.io";Bob\na@x.io\nnope')).toEqual([
      'a@x.io',
      'b@x.io',
    ]);
  });
  it('quotes CSV cells that need it', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('');
  });
});
