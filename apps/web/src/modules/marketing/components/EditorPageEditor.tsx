import type { EditorPage, EditorPageWidget, SaveEditorPageRequest } from '@coderoom/contracts';
import { EditorPageKind, MarketingLimits, MarketingWidgetType } from '@coderoom/domain';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { TextField } from '../../../ui/TextField';
import { ApiError } from '../../api/ApiError';
import { useBlogCategories } from '../api/useBlogCategories';
import { useEditorPageActions } from '../api/useEditorPageActions';
import { useSaveEditorPage } from '../api/useSaveEditorPage';
import { newWidget, WIDGET_CHOICES, widgetLabel } from '../utils/newWidget';
import { WIDGET_FIELDS } from '../utils/widgetFields';
import { EditorPageBody, startsWithHero } from './EditorPageBody';
import { WidgetFields } from './WidgetFields';

type Draft = Omit<SaveEditorPageRequest, 'components'> & { components: EditorPageWidget[] };

function draftOf(page: EditorPage): Draft {
  return {
    url: page.url,
    title: page.title,
    description: page.description,
    category: page.category,
    components: page.components,
  };
}

/** The server's field errors of one widget, keyed below its content (`components.2.content.formId` → `formId`). */
function widgetErrors(errors: Record<string, string>, index: number): Record<string, string> {
  const prefix = `components.${index}.content.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, message]) => [key.slice(prefix.length), message]),
  );
}

/** The widget editor of a marketing page or blog post: details, widgets, preview, save and publish. */
export function EditorPageEditor({ page }: { page: EditorPage }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(page));
  // The page as the server last answered it (save, publish or unpublish): its eTag and publish state.
  const [current, setCurrent] = useState(page);
  const [dirty, setDirty] = useState(false);
  const [preview, setPreview] = useState(false);
  const [adding, setAdding] = useState<EditorPageWidget['type']>(MarketingWidgetType.HeroFeature);
  const [htmlChecks, setHtmlChecks] = useState<Record<string, string>>({});
  const save = useSaveEditorPage(page.id);
  const actions = useEditorPageActions(page.id);
  const categories = useBlogCategories();
  const navigate = useNavigate();
  const addId = useId();
  const categoryId = useId();
  const isBlog = page.kind === EditorPageKind.Blog;
  const publicPath = isBlog ? `/blog/${current.url}` : `/m/${current.url}`;

  const update = (change: Partial<Draft>) => {
    setDraft((before) => ({ ...before, ...change }));
    setDirty(true);
  };
  const setWidget = (index: number, widget: EditorPageWidget | null) =>
    update({
      components:
        widget === null
          ? draft.components.filter((_, at) => at !== index)
          : draft.components.map((entry, at) => (at === index ? widget : entry)),
    });
  const move = (index: number, step: -1 | 1) => {
    const next = [...draft.components];
    const [taken] = next.splice(index, 1);
    if (!taken) return;
    next.splice(index + step, 0, taken);
    update({ components: next });
  };

  const saveDraft = async (): Promise<boolean> => {
    try {
      const saved = await save.mutateAsync({ etag: current.etag, request: draft });
      setCurrent(saved);
      setDraft(draftOf(saved));
      setDirty(false);
      return true;
    } catch {
      return false;
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void saveDraft();
  };
  const publish = async () => {
    if (dirty && !(await saveDraft())) return;
    const published = await actions.publish.mutateAsync().catch(() => null);
    if (published) setCurrent(published);
  };
  const unpublish = async () => {
    const done = await actions.unpublish.mutateAsync().catch(() => null);
    if (done) setCurrent(done);
  };
  const remove = async () => {
    if (!window.confirm(`Delete “${draft.title || draft.url}”? Visitors will no longer find it.`)) return;
    await actions.remove.mutateAsync();
    navigate('/editor-page', { replace: true });
  };
  const checkHtml = async (widget: EditorPageWidget) => {
    if (widget.type !== MarketingWidgetType.Html) return;
    const result = await actions.checkHtml.mutateAsync(widget.content.html);
    setHtmlChecks((before) => ({
      ...before,
      [widget.comp_id]: result.is_html_supported
        ? 'All of this HTML is kept.'
        : 'Some of this HTML will be removed on save (only text formatting, links, lists and tables are kept).',
    }));
  };

  const saveError = save.error instanceof ApiError ? save.error : null;
  const errors = saveError?.errors ?? {};
  const actionError = [actions.publish.error, actions.unpublish.error, actions.remove.error].find(Boolean);

  return (
    <form className="mk-editor" onSubmit={submit} aria-label={`Edit ${draft.title || draft.url}`}>
      <div className="mk-editor-bar">
        <p className="muted mk-editor-status" role="status">
          {current.is_published ? (
            <>
              Published · <Link to={publicPath}>{publicPath}</Link>
              {dirty || current.has_unpublished_changes ? ' · has changes visitors do not see yet' : ''}
            </>
          ) : (
            'Draft: visitors cannot see this page'
          )}
          {dirty ? ' · unsaved changes' : ''}
        </p>
        <div className="mk-editor-actions">
          <Button variant="secondary" onClick={() => setPreview(!preview)} aria-pressed={preview}>
            Preview
          </Button>
          <Button type="submit" variant="secondary" busy={save.isPending} disabled={!dirty}>
            Save
          </Button>
          <Button onClick={publish} busy={actions.publish.isPending}>
            {current.is_published ? 'Publish changes' : 'Publish'}
          </Button>
          {current.is_published ? (
            <Button variant="secondary" onClick={unpublish} busy={actions.unpublish.isPending}>
              Unpublish
            </Button>
          ) : null}
          <Button variant="danger" onClick={remove} busy={actions.remove.isPending}>
            Delete
          </Button>
        </div>
      </div>
      {saveError ? <FormMessage tone="error">{saveError.message}</FormMessage> : null}
      {actionError ? <FormMessage tone="error">{actionError.message}</FormMessage> : null}
      {actions.publish.isSuccess && !dirty ? <FormMessage tone="success">Published.</FormMessage> : null}

      {preview ? (
        <section className="mk-preview card" aria-label="Preview">
          {startsWithHero(draft.components) ? null : <p className="mk-title">{draft.title}</p>}
          <EditorPageBody widgets={draft.components} pageId={null} heroIsTitle={false} />
        </section>
      ) : (
        <>
          <fieldset className="card mk-details">
            <legend>Page details</legend>
            <TextField
              label="Title"
              value={draft.title}
              maxLength={MarketingLimits.titleLength}
              onChange={(event) => update({ title: event.target.value })}
              error={errors.title}
            />
            <TextField
              label="Address"
              value={draft.url}
              hint={`${isBlog ? '/blog/' : '/m/'}${draft.url}`}
              maxLength={MarketingLimits.urlLength}
              onChange={(event) => update({ url: event.target.value })}
              error={errors.url}
            />
            <TextField
              label="Description (search engines and link previews)"
              value={draft.description ?? ''}
              maxLength={MarketingLimits.descriptionLength}
              onChange={(event) => update({ description: event.target.value })}
              error={errors.description}
            />
            {isBlog ? (
              <div className="field">
                <label htmlFor={categoryId}>Category</label>
                <select
                  id={categoryId}
                  value={draft.category ?? ''}
                  onChange={(event) => update({ category: event.target.value || null })}
                >
                  <option value="">No category</option>
                  {categories.data?.categories.map((category) => (
                    <option key={category.id} value={category.slug}>
                      {category.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
          </fieldset>

          <ol className="mk-widget-list" aria-label="Widgets">
            {draft.components.map((widget, index) => (
              <li key={widget.comp_id} className="card mk-widget-card">
                <div className="mk-widget-head">
                  <h2>
                    {index + 1}. {widgetLabel(widget.type)}
                  </h2>
                  <div>
                    <Button variant="ghost" disabled={index === 0} onClick={() => move(index, -1)}>
                      Move up
                      <span className="visually-hidden">
                        {' '}
                        {widgetLabel(widget.type)} {index + 1}
                      </span>
                    </Button>
                    <Button
                      variant="ghost"
                      disabled={index === draft.components.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      Move down
                      <span className="visually-hidden">
                        {' '}
                        {widgetLabel(widget.type)} {index + 1}
                      </span>
                    </Button>
                    <Button variant="ghost" onClick={() => setWidget(index, null)}>
                      Remove
                      <span className="visually-hidden">
                        {' '}
                        {widgetLabel(widget.type)} {index + 1}
                      </span>
                    </Button>
                  </div>
                </div>
                <WidgetFields
                  fields={WIDGET_FIELDS[widget.type]}
                  values={widget.content as Record<string, unknown>}
                  onChange={(content) => setWidget(index, { ...widget, content } as EditorPageWidget)}
                  errors={widgetErrors(errors, index)}
                />
                {widget.type === MarketingWidgetType.Html ? (
                  <div className="mk-html-check">
                    <Button
                      variant="secondary"
                      onClick={() => checkHtml(widget)}
                      busy={actions.checkHtml.isPending}
                    >
                      Check the HTML
                    </Button>
                    {htmlChecks[widget.comp_id] ? (
                      <p role="status" className="muted">
                        {htmlChecks[widget.comp_id]}
                      </p>
                    ) : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
          {draft.components.length === 0 ? (
            <p className="muted">No widgets yet: add the first one below.</p>
          ) : null}
          <div className="mk-add-widget">
            <div className="field">
              <label htmlFor={addId}>Widget to add</label>
              <select
                id={addId}
                value={adding}
                onChange={(event) => setAdding(event.target.value as EditorPageWidget['type'])}
              >
                {WIDGET_CHOICES.map((choice) => (
                  <option key={choice.type} value={choice.type}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </div>
            <Button
              variant="secondary"
              disabled={draft.components.length >= MarketingLimits.widgetsPerPage}
              onClick={() => update({ components: [...draft.components, newWidget(adding)] })}
            >
              Add widget
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
