import type { CollectionCard } from '@coderoom/contracts';
import { describe, expect, it } from 'vitest';
import { toPathRequest } from './toPathRequest';

const card = (id: number) => ({ collection_id: id, title: `Course ${id}` }) as CollectionCard;

describe('toPathRequest', () => {
  it('sends the details and the course ids in order, without a TOC', () => {
    const request = toPathRequest({
      title: '  Web path ',
      summary: 'Two courses.',
      difficulty: 'advanced',
      tags: 'web, web, go',
      skills: 'HTML\n\nCSS',
      target_audience: '',
      takeaway_skills: '',
      overview: '',
      courses: [card(3), card(1)],
    });
    expect(request).toEqual({
      title: 'Web path',
      summary: 'Two courses.',
      difficulty: 'advanced',
      tags: ['web', 'go'],
      skills: ['HTML', 'CSS'],
      target_audience: [],
      takeaway_skills: [],
      overview: '',
      path_courses: [3, 1],
    });
  });
});
