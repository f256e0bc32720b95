import type { ConfluenceImportState } from '@coderoom/domain';
import { z } from 'zod';

// Slack and Confluence for organizations (docs/organizations.md, "Integrations"). Tokens and API keys go
// in, never out: answers only say whether one is stored.

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

// --- Slack -----------------------------------------------------------------------------------------

/** Slack sends the browser back with `code` and `state`, or `error` when the person declined. */
export const SlackCallbackQuerySchema = z.object({
  state: z.string().trim().min(1).max(200),
  code: z.string().trim().min(1).max(500).optional(),
  error: z.string().trim().max(200).optional(),
});
export type SlackCallbackQuery = z.infer<typeof SlackCallbackQuerySchema>;

/** PUT /api/slack/remove/user (spec 002 §7.1; payload ours): the caller's link in an organization. */
export const RemoveSlackUserRequestSchema = z.strictObject({
  /** Omitted: the caller's active organization. */
  organization_id: id.optional(),
});
export type RemoveSlackUserRequest = z.infer<typeof RemoveSlackUserRequestSchema>;

export interface RemoveSlackUserResponse {
  organization_id: number;
  is_slack_authorized: boolean;
}

export interface SlackSettingsResponse {
  organization_id: number;
  /** Whether this server has a Slack app (SLACK_CLIENT_ID and SLACK_CLIENT_SECRET). */
  is_available: boolean;
  /** The caller may connect or disconnect the workspace (admins). */
  can_manage: boolean;
  workspace: {
    team_id: string;
    team_name: string;
    connected_at: string;
    /** Members who linked their Slack account; admins only, else null. */
    linked_members: number | null;
  } | null;
  /** The caller's own link. */
  is_slack_authorized: boolean;
}

/** Where the browser goes to authorise at Slack. */
export interface SlackAuthorizeResponse {
  authorize_url: string;
}

// --- Confluence ------------------------------------------------------------------------------------

export const ConfluenceImportParamsSchema = z.strictObject({ organizationId: id, importId: id });

export const ConfluenceConnectionRequestSchema = z.strictObject({
  /** The site, e.g. https://your-team.atlassian.net (with or without /wiki). */
  base_url: z.string().trim().min(1).max(500),
  email: z.string().trim().toLowerCase().email().max(320),
  /** Omitted keeps the stored token. */
  api_token: z.string().trim().min(1).max(1000).optional(),
});
export type ConfluenceConnectionRequest = z.infer<typeof ConfluenceConnectionRequestSchema>;

const spaceKey = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9~_-]+$/, 'Enter a Confluence space key.');

/** POST …/confluence/fetch: without a space, the spaces; with one, that space's pages. */
export const ConfluenceFetchRequestSchema = z.strictObject({ space_key: spaceKey.optional() });
export type ConfluenceFetchRequest = z.infer<typeof ConfluenceFetchRequestSchema>;

export interface ConfluenceSpaceItem {
  key: string;
  name: string;
  type: string;
}

export interface ConfluenceFetchResponse {
  spaces: ConfluenceSpaceItem[];
  /** The pages of the space asked for (titles only), else null. */
  pages: Array<{ id: string; title: string }> | null;
  /** More than the limit exists; only the first ones are listed (and imported). */
  truncated: boolean;
}

export const ConfluenceImportRequestSchema = z.strictObject({
  space_key: spaceKey,
  /** The new course's title; default: the space's name. */
  title: z.string().trim().min(1).max(200).optional(),
});
export type ConfluenceImportRequest = z.infer<typeof ConfluenceImportRequestSchema>;

export interface ConfluenceImportItem {
  id: number;
  state: ConfluenceImportState;
  space_key: string;
  space_name: string;
  /** The private course made from the space, once done. */
  collection_id: number | null;
  author_id: number;
  page_count: number | null;
  error: string | null;
  created: string;
  finished: string | null;
}

export interface ConfluenceSettingsResponse {
  organization_id: number;
  /** Admins connect, fetch and import. */
  can_manage: boolean;
  connection: { base_url: string; email: string; has_api_token: boolean; updated_at: string } | null;
  /** The caller's recent imports in this organization, newest first. */
  imports: ConfluenceImportItem[];
}
