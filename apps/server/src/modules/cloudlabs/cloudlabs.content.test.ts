import { randomBytes } from 'node:crypto';
import { renderMarkdown } from '@coderoom/domain';
import { BwrapInstanceDriver } from '@coderoom/runner';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_DIR } from '../../seed/demo.js';
import { type CloudLabPackage, loadCloudLabFolder } from './cloudlabs.package.js';
import { LabVariableEnv } from './cloudlabs.policy.js';

// The demo cloud labs (content/cloudlabs): every file parses, its Markdown renders, and in a real instance
// with lab variables each task's check fails before the task is done and passes after its solution.

let packages: CloudLabPackage[];
beforeAll(async () => {
  packages = await loadCloudLabFolder(DEFAULT_CONTENT_DIR);
});

describe('demo cloud labs', () => {
  it('ships a lab with several tasks whose Markdown renders', () => {
    expect(packages.length).toBeGreaterThanOrEqual(1);
    const failures: string[] = [];
    for (const pkg of packages) {
      expect(pkg.manifest.tasks.length).toBeGreaterThanOrEqual(3);
      for (const text of [pkg.manifest.overview, ...pkg.manifest.tasks.map((task) => task.instructions)]) {
        const { errors } = renderMarkdown(text);
        if (errors.length > 0) failures.push(`${pkg.slug}: ${errors[0]}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('fails every check before its task and passes it after the solution', { timeout: 120_000 }, async () => {
    const driver = new BwrapInstanceDriver({ uidBase: 64200, maxInstances: 2, reclaimIntervalMs: 0 });
    const failures: string[] = [];
    const env = {
      [LabVariableEnv.access_key_id]: `CRLAB${'A2B3C4D5E6F7G2H3'}`,
      [LabVariableEnv.secret_access_key]: randomBytes(30).toString('base64url'),
    };
    try {
      for (const pkg of packages) {
        const handle = await driver.allocate({
          profile: pkg.manifest.env.image,
          files: pkg.manifest.env.files,
          env,
        });
        // Tasks build on each other, so they are done in order in one instance, as a learner would.
        for (const [index, task] of pkg.manifest.tasks.entries()) {
          const where = `${pkg.slug}#${index + 1}`;
          const before = await driver.exec(handle, task.check);
          if (before.exitCode === 0) failures.push(`${where}: the check passes before the task`);
          const solution = await driver.exec(handle, task.solution ?? 'false');
          if (solution.exitCode !== 0) failures.push(`${where}: the solution failed: ${solution.stderr}`);
          const after = await driver.exec(handle, task.check);
          if (after.exitCode !== 0) failures.push(`${where}: ${after.stdout}${after.stderr}`);
          for (const secret of Object.values(env)) {
            if (`${before.stdout}${after.stdout}`.includes(secret))
              failures.push(`${where}: prints a secret`);
          }
        }
        await driver.stop(handle);
      }
    } finally {
      await driver.close();
    }
    expect(failures).toEqual([]);
  });
});
