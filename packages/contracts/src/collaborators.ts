import { z } from 'zod';

// The people who work on a collection besides its author (spec 000 §5, §6, §7; decisions in
// docs/authoring.md "Collaborators").

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Collaborators and co-authors may edit with access 'editor'; reviewers only ever read. */
export const CollaboratorRoleSchema = z.enum(['collaborator', 'co_author', 'reviewer']);
export type CollaboratorRoleName = z.infer<typeof CollaboratorRoleSchema>;

export const CollaboratorAccessSchema = z.enum(['viewer', 'editor']);
export type CollaboratorAccess = z.infer<typeof CollaboratorAccessSchema>;

/** Collaborators and reviewers share one lookup; co-authors have their own (spec 000 §6). */
export const UserLookupKindSchema = z.enum(['collaborator', 'co_author']);

/**
 * GET /api/author/user-lookup. `query` is an e-mail address (matched whole, any case: answers the
 * details) or a user id (answers UserByIdDetails, without the address). The collection is required:
 * only its editors may ask, so the lookup never tells anyone else whether an address has an account.
 */
export const UserLookupQuerySchema = z.strictObject({
  query: z.string().trim().min(1).max(254),
  kind: UserLookupKindSchema.default('collaborator'),
  author_id: id,
  collection_id: id,
});
export type UserLookupQuery = z.infer<typeof UserLookupQuerySchema>;

/** The lookup's answer for a user id: a name and a picture, never the e-mail address. */
export interface UserByIdDetails {
  user_id: number;
  full_name: string;
  profile_pic_url: string | null;
}

export interface UserDetails {
  user_id: number;
  email: string;
  full_name: string;
  profile_pic_url: string | null;
}

export const CollaboratorParamsSchema = z.strictObject({ authorId: id, collectionId: id, userId: id });

/** POST /api/author/{a}/collection/{c}/collaborators: one of `email` or `user_id`. */
export const AddCollaboratorRequestSchema = z.strictObject({
  email: z.string().trim().min(1).max(254).optional(),
  user_id: id.optional(),
  role: CollaboratorRoleSchema,
  /** Defaults to 'viewer'; reviewers can only have 'viewer'. */
  access: CollaboratorAccessSchema.optional(),
});
export type AddCollaboratorRequest = z.infer<typeof AddCollaboratorRequestSchema>;

/** PUT /api/author/{a}/collection/{c}/collaborators/{userId}. */
export const UpdateCollaboratorRequestSchema = z.strictObject({ access: CollaboratorAccessSchema });
export type UpdateCollaboratorRequest = z.infer<typeof UpdateCollaboratorRequestSchema>;

export interface Collaborator extends UserDetails {
  role: CollaboratorRoleName;
  access: CollaboratorAccess;
  /** Whether this person may change the draft (spec 000 §6 canEdit, read from can_edit). */
  can_edit: boolean;
  added_by: number | null;
  added_at: string;
}

export interface CollaboratorListResponse {
  owner: UserDetails;
  collaborators: Collaborator[];
  co_authors: Collaborator[];
  reviewers: Collaborator[];
  /** Whether the caller may add, change and remove people (the owner and platform admins). */
  can_manage: boolean;
}

export interface CollaboratorResponse {
  collaborator: Collaborator;
}

export interface RemoveCollaboratorResponse {
  ok: true;
}
