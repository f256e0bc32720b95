import { describe, expect, it } from 'vitest';
import { LiveSandboxMessages, liveSandboxLabel } from './containers.js';

describe('live sandbox refusals', () => {
  it('names a project as a project and a lab as a cloud lab', () => {
    expect(liveSandboxLabel('project', 'Todo API')).toBe('project "Todo API"');
    expect(liveSandboxLabel('cloud_lab', 'S3 basics')).toBe('cloud lab "S3 basics"');
    expect(liveSandboxLabel('cloud_lab', null)).toBe('a cloud lab');
    expect(liveSandboxLabel('sandbox', 'ignored')).toBe('a live sandbox');
  });

  it('lists what runs at the limit, counting untitled sandboxes instead of repeating them', () => {
    expect(LiveSandboxMessages.AtLimit(2, ['project "A"', 'cloud lab "B"'])).toBe(
      'You can keep 2 live sandboxes at once, and project "A" and cloud lab "B" are running. Stop one to start this one.',
    );
    expect(LiveSandboxMessages.AtLimit(2, ['a live sandbox', 'a live sandbox'])).toBe(
      'You can keep 2 live sandboxes at once, and 2 live sandboxes are running. Stop one to start this one.',
    );
    expect(LiveSandboxMessages.AtLimit(1, ['project "A"'])).toBe(
      'You can keep one live sandbox at once, and project "A" is running. Stop one to start this one.',
    );
    expect(LiveSandboxMessages.AtLimit(3, ['project "A"', 'project "B"', 'cloud lab "C"'])).toBe(
      'You can keep 3 live sandboxes at once, and project "A", project "B" and cloud lab "C" are running. Stop one to start this one.',
    );
  });

  it('keeps the spec sentence for a second cloud lab, then names the running one', () => {
    expect(LiveSandboxMessages.SecondCloudLab('cloud lab "B"')).toBe(
      'A second cloud lab cannot be started while one is running. Stop cloud lab "B" to start this one.',
    );
  });
});
