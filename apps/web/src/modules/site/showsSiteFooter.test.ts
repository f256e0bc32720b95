import { describe, expect, it } from 'vitest';
import { showsSiteFooter } from './showsSiteFooter';

describe('showsSiteFooter', () => {
  it('ends the landing, catalogue, course and footer pages with the footer', () => {
    for (const path of [
      '/',
      '/explore',
      '/explore/free',
      '/courses/python/abcd1234',
      '/collection/1/2',
      '/terms',
      '/m/for-teams',
      '/blog',
      '/blog/category/engineering',
      '/prepare-for-interview',
    ]) {
      expect(showsSiteFooter(path)).toBe(true);
    }
  });

  it('leaves lessons, drafts, editors and signed-in work areas full height', () => {
    for (const path of [
      '/collection/page/1/2/3',
      '/collection/1/2/draft',
      '/pageeditor/1/2/3',
      '/learn/home',
      '/editor-page/12',
    ]) {
      expect(showsSiteFooter(path)).toBe(false);
    }
  });
});
