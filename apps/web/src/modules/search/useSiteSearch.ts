import type { FeaturedItemsResponse, ShotListResponse } from '@coderoom/contracts';
import { SEARCH_STRING_MAX_LENGTH } from '@coderoom/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/apiClient';
import { responseOf } from '../reader/api/responseOf';

export interface SiteSearchHit {
  id: string;
  kind: 'course' | 'path' | 'answer';
  title: string;
  href: string;
  detail: string;
}

export interface SiteSearchGroups {
  courses: SiteSearchHit[];
  paths: SiteSearchHit[];
  answers: SiteSearchHit[];
}

/** Results a group shows in the dropdown. */
const PER_GROUP = 4;

/**
 * The full-text dropdown's results: the catalogue's search (courses, paths) and the answers' search, asked
 * in parallel with the same string, cut at the spec's 128 characters.
 */
export function useSiteSearch(text: string) {
  const search = text.trim().slice(0, SEARCH_STRING_MAX_LENGTH);
  return useQuery({
    queryKey: ['site-search', search],
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    queryFn: async ({ signal }): Promise<SiteSearchGroups> => {
      const query = encodeURIComponent(search);
      const featured = (type: 'courses' | 'paths') =>
        apiRequest(
          'GET',
          `/api/reader/featured_items?search_string=${query}&type=${type}`,
          responseOf<FeaturedItemsResponse>(),
          undefined,
          {
            signal,
          },
        );
      const [courses, paths, answers] = await Promise.all([
        featured('courses'),
        featured('paths'),
        apiRequest(
          'GET',
          `/api/edpresso/shots?search_string=${query}`,
          responseOf<ShotListResponse>(),
          undefined,
          {
            signal,
          },
        ),
      ]);
      const cards = (response: FeaturedItemsResponse, kind: 'course' | 'path') =>
        response.items.slice(0, PER_GROUP).map((card) => ({
          id: `${kind}-${card.collection_id}`,
          kind,
          title: card.title,
          href: card.url,
          detail: [card.language_topic, card.difficulty].filter(Boolean).join(' · '),
        }));
      return {
        courses: cards(courses, 'course'),
        paths: cards(paths, 'path'),
        answers: answers.items.slice(0, PER_GROUP).map((card) => ({
          id: `answer-${card.shotId}`,
          kind: 'answer' as const,
          title: card.title,
          href: `/answers/${card.url}`,
          detail: [card.programming_tags.join(', '), `${card.readTime} min read`].filter(Boolean).join(' · '),
        })),
      };
    },
  });
}
