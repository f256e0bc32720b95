import { DESKTOP_BINDS, DESKTOP_ENV, DESKTOP_SPEC, type DesktopSpec } from './desktop.js';
import type { InstanceFile } from './types.js';

/**
 * Profiles are what a Docker configuration calls an image: a name with exactly three slash-separated
 * parts (`coderoom/python/3`), the toolchains bound read-only into the sandbox, environment variables and
 * starter files for the workspace. Every profile also gets the base binds of the runner (/usr/bin, /usr/lib…).
 */
export interface InstanceProfile {
  name: string;
  label: string;
  /** Extra host paths bound read-only (only those that exist on the host are bound). */
  binds: string[];
  env: Record<string, string>;
  files: InstanceFile[];
  /** The command that checks the toolchain (run inside the instance by `allocate`'s callers or probes). */
  versionCommand: string[];
  /** A graphical desktop the profile can start on demand (desktop.ts), served over VNC inside the instance. */
  desktop?: DesktopSpec;
}

export const INSTANCE_PROFILES: Record<string, InstanceProfile> = {
  'coderoom/python/3': {
    name: 'coderoom/python/3',
    label: 'Python 3',
    binds: [],
    env: { PYTHONDONTWRITEBYTECODE: '1', PYTHONUNBUFFERED: '1' },
    files: [
      {
        path: 'app.py',
        content: [
          'from http.server import BaseHTTPRequestHandler, HTTPServer',
          '',
          '',
          'class Hello(BaseHTTPRequestHandler):',
          '    def do_GET(self):',
          '        self.send_response(200)',
          '        self.end_headers()',
          '        self.wfile.write(b"hello from coderoom")',
          '',
          '',
          'HTTPServer(("127.0.0.1", 8000), Hello).serve_forever()',
          '',
        ].join('\n'),
      },
    ],
    versionCommand: ['/usr/bin/python3', '--version'],
  },
  'coderoom/node/20': {
    name: 'coderoom/node/20',
    label: 'Node.js 20',
    binds: [],
    env: { NODE_ENV: 'development' },
    files: [
      {
        path: 'index.js',
        content: [
          "const http = require('node:http');",
          '',
          "http.createServer((req, res) => res.end('hello from coderoom')).listen(8000, '127.0.0.1');",
          '',
        ].join('\n'),
      },
    ],
    versionCommand: ['/usr/bin/node', '--version'],
  },
  'coderoom/desktop/1': {
    name: 'coderoom/desktop/1',
    label: 'Desktop (X11, VNC)',
    binds: DESKTOP_BINDS,
    env: DESKTOP_ENV,
    files: [
      {
        path: 'README.txt',
        content: 'Your desktop runs in this sandbox: start X programs from the terminal (DISPLAY=:1).\n',
      },
    ],
    versionCommand: ['/bin/sh', '-c', 'test -x /usr/bin/Xvfb && exec /usr/bin/x11vnc -version'],
    desktop: DESKTOP_SPEC,
  },
};

export function findProfile(name: string): InstanceProfile | null {
  return Object.hasOwn(INSTANCE_PROFILES, name) ? (INSTANCE_PROFILES[name] ?? null) : null;
}

/** Workspace paths: relative, no `..`, no empty or hidden-root tricks, at most 8 levels, sane characters. */
export function isSafeWorkspacePath(value: string): boolean {
  if (value.length === 0 || value.length > 255 || value.startsWith('/')) return false;
  const parts = value.split('/');
  if (parts.length > 8) return false;
  return parts.every((part) => /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(part) && part !== '..');
}
