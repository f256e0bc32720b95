// Started by runnerProcess.test.ts with fd 100 inherited (no close-on-exec): reports the fds this process
// has and the ones a sandboxed program of a runner process it starts can see.
import fs from 'node:fs';
import { createRunnerProcess } from '../remote/runnerProcess.js';

const runner = createRunnerProcess({ slots: 1, uidBase: 63610 });
try {
  const result = await runner.execute({
    language: 'python3',
    source_code: 'import os\nprint(" ".join(sorted(os.listdir("/proc/self/fd"))))',
  });
  console.log(
    JSON.stringify({ own: fs.readdirSync('/proc/self/fd'), sandbox: result.stdout.trim().split(' ') }),
  );
} finally {
  await runner.close();
}
