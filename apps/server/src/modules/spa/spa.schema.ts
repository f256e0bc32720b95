import { SpaWidgetSchema } from '@coderoom/contracts';
import { z } from 'zod';

/** POST /api/spa/build: the widget's three files, with the same size limits as the stored widget. */
export const SpaBuildRequestSchema = z.strictObject({ files: SpaWidgetSchema.shape.content.shape.files });
export type SpaBuildRequest = z.infer<typeof SpaBuildRequestSchema>;
export type SpaFiles = SpaBuildRequest['files'];
