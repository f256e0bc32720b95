import { config } from 'zod';

// Zod probes whether it may compile parsers with `new Function`. Our CSP (script-src 'self') refuses eval,
// so the probe was reported as a CSP violation on every page (Lighthouse best practices, Chrome's Issues
// panel). jitless skips the probe; parsing gives the same results. Imported first by main.tsx: object
// schemas read the setting when they are built.
config({ jitless: true });
