import { z } from 'zod';
import type { CollectionCard, LearnerProgress } from './reader.js';

// Completion, continue learning, my works, pins and certificates (spec 000 §7 "Reader", 002 §2.3).

export const CompletionRequestSchema = z.strictObject({ completed: z.boolean() });
export type CompletionRequest = z.infer<typeof CompletionRequestSchema>;

export interface CompletionResponse {
  progress: LearnerProgress;
  /** Set when this completion finished the course. */
  certificate: Certificate | null;
}

export const PinWorkRequestSchema = z.strictObject({
  author_id: z.number().int().positive(),
  work_id: z.number().int().positive(),
});
export type PinWorkRequest = z.infer<typeof PinWorkRequestSchema>;

export const MyWorksTabSchema = z.enum(['in-progress', 'my-courses', 'saved', 'completed']);
export type MyWorksTab = z.infer<typeof MyWorksTabSchema>;
export const MyWorksQuerySchema = z.strictObject({ tab: MyWorksTabSchema });

export interface WorkWithProgress {
  card: CollectionCard;
  percent: number;
  is_pinned: boolean;
  last_visited_at: string | null;
  completed_at: string | null;
  /** Where "continue" takes the learner: the last lesson opened, or the first one. */
  resume_url: string;
}

export interface MyWorksResponse {
  works: WorkWithProgress[];
}

export interface ContinueLearningResponse {
  work: WorkWithProgress | null;
}

export interface Certificate {
  hash: string;
  learner_name: string;
  course_title: string;
  collection_id: number;
  course_url: string | null;
  issued_at: string;
  verify_url: string;
  /** CertificateState (spec 001 §4): active, or why it is not (revoked_return after a refund…). */
  state: string;
  state_changed_at: string | null;
}

/** Reading preferences of the lesson page, saved per user. */
export const ReadingPreferencesSchema = z.strictObject({
  markdown_width: z.enum(['narrow', 'medium', 'wide']),
  font_size: z.number().int().min(14).max(24),
  line_height: z.number().min(1.3).max(2.2),
  heading_font: z.enum(['sans', 'serif', 'mono']),
  body_font: z.enum(['sans', 'serif', 'mono']),
});
export type ReadingPreferences = z.infer<typeof ReadingPreferencesSchema>;
export const DEFAULT_READING_PREFERENCES: ReadingPreferences = {
  markdown_width: 'medium',
  font_size: 17,
  line_height: 1.7,
  heading_font: 'sans',
  body_font: 'sans',
};
