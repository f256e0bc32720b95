import { TextField } from '../../../ui/TextField';
import { TITLE_FIELD_ID } from '../utils/focusEditorField';
import type { CollectionDraft } from '../utils/toCollectionDraft';
import { Checkbox } from './Checkbox';
import { CoverImageField } from './CoverImageField';
import { TextAreaField } from './TextAreaField';

type Details = Omit<CollectionDraft, 'loose' | 'categories'>;

/** The course's details: what the course page and the catalogue show. */
export function CollectionDetailsForm({
  draft,
  onChange,
  cover,
}: {
  draft: Details;
  onChange: (patch: Partial<Details>) => void;
  /** Where a cover is uploaded; without it (kinds without a cover) the field is not shown. */
  cover?: { authorId: number; collectionId: number };
}) {
  return (
    <section className="card section studio-details" aria-labelledby="studio-details-heading">
      <h2 id="studio-details-heading">Details</h2>
      <div className="studio-grid-2">
        <TextField
          id={TITLE_FIELD_ID}
          label="Title"
          value={draft.title}
          maxLength={200}
          onChange={(event) => onChange({ title: event.target.value })}
        />
        <div className="field">
          <label htmlFor="studio-difficulty">Difficulty</label>
          <select
            id="studio-difficulty"
            value={draft.difficulty}
            onChange={(event) => onChange({ difficulty: event.target.value as Details['difficulty'] })}
          >
            <option value="beginner">Beginner</option>
            <option value="intermediate">Intermediate</option>
            <option value="advanced">Advanced</option>
          </select>
        </div>
      </div>
      <TextAreaField
        label="Summary"
        rows={2}
        maxLength={1000}
        value={draft.summary}
        onChange={(event) => onChange({ summary: event.target.value })}
      />
      {cover && (
        <CoverImageField
          authorId={cover.authorId}
          collectionId={cover.collectionId}
          value={draft.cover_image_url ?? null}
          onChange={(cover_image_url) => onChange({ cover_image_url })}
        />
      )}
      <TextField
        label="Tags"
        hint="Separate tags with commas."
        value={draft.tags}
        onChange={(event) => onChange({ tags: event.target.value })}
      />
      <div className="studio-grid-3">
        <TextAreaField
          label="Skills"
          hint="One per line."
          rows={3}
          value={draft.skills}
          onChange={(event) => onChange({ skills: event.target.value })}
        />
        <TextAreaField
          label="Target audience"
          hint="One per line."
          rows={3}
          value={draft.target_audience}
          onChange={(event) => onChange({ target_audience: event.target.value })}
        />
        <TextAreaField
          label="Takeaway skills"
          hint="One per line."
          rows={3}
          value={draft.takeaway_skills}
          onChange={(event) => onChange({ takeaway_skills: event.target.value })}
        />
      </div>
      {draft.prerequisites === undefined ? null : (
        <TextAreaField
          label="Prerequisites"
          hint="What learners should know first, one per line."
          rows={2}
          value={draft.prerequisites}
          onChange={(event) => onChange({ prerequisites: event.target.value })}
        />
      )}
      <TextAreaField
        label="Overview"
        hint="Markdown."
        rows={5}
        maxLength={20000}
        value={draft.overview}
        onChange={(event) => onChange({ overview: event.target.value })}
      />
      {draft.is_collaborative !== undefined && (
        <Checkbox
          label="Enable collaborative editor (co-authors edit lessons together, live)"
          checked={draft.is_collaborative}
          onChange={(is_collaborative) => onChange({ is_collaborative })}
        />
      )}
    </section>
  );
}
