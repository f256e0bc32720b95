import { ConfigError } from '../../platform/config.js';

// The server's Slack app, from the environment (docs/organizations.md, "Slack"). SLACK_CLIENT_ID and
// SLACK_CLIENT_SECRET together, or neither (then organizations cannot connect Slack). SLACK_API_URL and
// SLACK_AUTHORIZE_URL default to Slack's own and exist so tests and staging can point at a fake Slack.

type Env = Record<string, string | undefined>;

export interface SlackConfig {
  clientId: string;
  clientSecret: string;
  /** Base of the Web API methods (the SDK's `slackApiUrl`), ending in a slash. */
  apiUrl: string;
  /** Slack's OAuth v2 authorize page. */
  authorizeUrl: string;
}

export const SLACK_API_URL = 'https://slack.com/api/';
export const SLACK_AUTHORIZE_URL = 'https://slack.com/oauth/v2/authorize';

function url(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim() || fallback;
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('scheme');
  } catch {
    throw new ConfigError(name, `expected an http(s) URL, got "${raw}"`);
  }
  return raw;
}

export function slackConfigFromEnv(env: Env): SlackConfig | null {
  const clientId = env.SLACK_CLIENT_ID?.trim() ?? '';
  const clientSecret = env.SLACK_CLIENT_SECRET?.trim() ?? '';
  if (!clientId && !clientSecret) return null;
  if (!clientId) throw new ConfigError('SLACK_CLIENT_ID', 'required when SLACK_CLIENT_SECRET is set');
  if (!clientSecret) throw new ConfigError('SLACK_CLIENT_SECRET', 'required when SLACK_CLIENT_ID is set');
  const apiUrl = url(env, 'SLACK_API_URL', SLACK_API_URL);
  return {
    clientId,
    clientSecret,
    apiUrl: apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`,
    authorizeUrl: url(env, 'SLACK_AUTHORIZE_URL', SLACK_AUTHORIZE_URL),
  };
}
