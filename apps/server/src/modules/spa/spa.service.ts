import { createHash } from 'node:crypto';
import { ErrorStatus } from '@coderoom/domain';
import { AppError } from '../../platform/http/errors.js';
import { type BundleResult, bundleSpa } from './spa.bundler.js';
import { SpaMessages } from './spa.errors.js';
import type { SpaFiles } from './spa.schema.js';

/** Builds are pure functions of the files; most come from the same few lessons, so a few dozen suffice. */
const CACHE_SIZE = 32;

export interface SpaService {
  build(files: SpaFiles): Promise<{ html: string }>;
}

/** Inline text may not close its element early: `</script>` inside a string would end the script. */
function escapeInline(text: string, tag: 'script' | 'style'): string {
  return text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1').replace(/<!--/g, '<\\!--');
}

function documentFor(files: SpaFiles, js: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<style>${escapeInline(files.style, 'style')}</style>`,
    '</head>',
    '<body>',
    '<div id="root"></div>',
    `<script>${escapeInline(js, 'script')}</script>`,
    '</body>',
    '</html>',
  ].join('\n');
}

export function createSpaService(): SpaService {
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the least recent.
  const cache = new Map<string, Promise<BundleResult>>();

  const bundleCached = (files: SpaFiles): Promise<BundleResult> => {
    const key = createHash('sha256')
      .update(JSON.stringify([files.index, files.app, files.style]))
      .digest('hex');
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    // The promise is cached, so learners pressing Run together share one build.
    const pending = bundleSpa(files);
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    return pending;
  };

  return {
    async build(files) {
      const result = await bundleCached(files);
      if (!result.ok) {
        throw new AppError(ErrorStatus.OperationNotAllowed, SpaMessages.BuildFailed, {
          build: result.message,
        });
      }
      return { html: documentFor(files, result.js) };
    },
  };
}
