import { createHash } from 'node:crypto';
import type { WebpackBinFile } from '@coderoom/contracts';
import { ErrorStatus } from '@coderoom/domain';
import { AppError } from '../../platform/http/errors.js';
import { type BundleResult, bundleSpa } from './spa.bundler.js';
import { SpaMessages } from './spa.errors.js';
import type { SpaFiles } from './spa.schema.js';
import { bundleWebpackBin, type WebpackBinBundle } from './webpackbin.bundler.js';
import { escapeInline, webpackBinDocument } from './webpackbin.document.js';

/** Builds are pure functions of the files; most come from the same few lessons, so a few dozen suffice. */
const CACHE_SIZE = 32;

export interface SpaService {
  build(files: SpaFiles): Promise<{ html: string }>;
  /** A WebpackBin widget's files as one page (docs/widgets.md). */
  buildWebpackBin(files: WebpackBinFile[]): Promise<{ html: string }>;
}

/** Builds are pure functions of the files, cached by their hash; the least recently used goes first. */
function createBuildCache<Result>() {
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the least recent.
  const cache = new Map<string, Promise<Result>>();
  return (files: unknown, bundle: () => Promise<Result>): Promise<Result> => {
    const key = createHash('sha256').update(JSON.stringify(files)).digest('hex');
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    // The promise is cached, so learners pressing Run together share one build.
    const pending = bundle();
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    return pending;
  };
}

const buildFailed = (message: string) =>
  new AppError(ErrorStatus.OperationNotAllowed, SpaMessages.BuildFailed, { build: message });

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
  const spaBuilds = createBuildCache<BundleResult>();
  const webpackBinBuilds = createBuildCache<WebpackBinBundle>();

  return {
    async build(files) {
      const result = await spaBuilds([files.index, files.app, files.style], () => bundleSpa(files));
      if (!result.ok) throw buildFailed(result.message);
      return { html: documentFor(files, result.js) };
    },

    async buildWebpackBin(files) {
      const result = await webpackBinBuilds(files, () => bundleWebpackBin(files));
      if (!result.ok) throw buildFailed(result.message);
      return { html: webpackBinDocument(files, result.js) };
    },
  };
}
