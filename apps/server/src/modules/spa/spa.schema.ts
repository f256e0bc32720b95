import { SpaWidgetSchema, WebpackBinWidgetSchema } from '@coderoom/contracts';
import { z } from 'zod';

/** POST /api/spa/build: the widget's three files, with the same size limits as the stored widget. */
export const SpaBuildRequestSchema = z.strictObject({ files: SpaWidgetSchema.shape.content.shape.files });
export type SpaBuildRequest = z.infer<typeof SpaBuildRequestSchema>;
export type SpaFiles = SpaBuildRequest['files'];

/** POST /api/spa/webpackbin/build: a WebpackBin widget's files, with the stored widget's rules. */
export const WebpackBinBuildRequestSchema = z.strictObject({
  files: WebpackBinWidgetSchema.shape.content.shape.files,
});
