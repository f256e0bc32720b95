import type { OrganizationPlan, PlanItem } from '@coderoom/contracts';
import { MAX_PLAN_PAGE_BODY, PlanState } from '@coderoom/domain';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { TextField } from '../../../ui/TextField';
import { ShortcutsDialog } from '../../studio/components/ShortcutsDialog';
import { useEditorShortcuts } from '../../studio/hooks/useEditorShortcuts';
import { moveListItem } from '../../studio/utils/moveListItem';
import { useOrganizationCatalog } from '../api/organizationQueries';
import { useDeletePlan, useUpdatePlan } from '../api/planMutations';
import { messageOf } from '../utils/messageOf';
import { PlanAssign } from './PlanAssign';

interface DraftModule {
  key: string;
  title: string;
  /** The page's Markdown text in the plan reader. */
  body: string;
  items: PlanItem[];
}

const SHORTCUTS = ['save', 'back', 'addModule', 'moveUp', 'moveDown', 'delete', 'help'] as const;
let keyCounter = 0;
const nextKey = () => {
  keyCounter += 1;
  return `module-${keyCounter}`;
};

/**
 * One plan: its title, description and modules of courses and paths, in order. Saving replaces the modules
 * (the server checks each item against the subscription); publishing makes it assignable. Keyboard
 * shortcuts as the studio's editors (spec 002 §2): save, back, add a module, move/delete the focused item.
 */
export function PlanEditor({ organizationId, plan }: { organizationId: number; plan: OrganizationPlan }) {
  const navigate = useNavigate();
  const catalog = useOrganizationCatalog(true);
  const update = useUpdatePlan(organizationId, plan.plan_id);
  const remove = useDeletePlan(organizationId);
  const [title, setTitle] = useState(plan.title);
  const [description, setDescription] = useState(plan.description);
  const [modules, setModules] = useState<DraftModule[]>(() =>
    plan.modules.map((module) => ({
      key: nextKey(),
      title: module.title,
      body: module.body,
      items: module.items,
    })),
  );
  const [focused, setFocused] = useState<{ module: number; item: number } | null>(null);
  const [picks, setPicks] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const descriptionId = useId();

  const changeModule = (index: number, change: (module: DraftModule) => DraftModule) =>
    setModules((current) => current.map((module, at) => (at === index ? change(module) : module)));

  const addModule = () => {
    setModules((current) => [
      ...current,
      { key: nextKey(), title: `Module ${current.length + 1}`, body: '', items: [] },
    ]);
  };

  const moveItem = (moduleIndex: number, itemIndex: number, by: -1 | 1) => {
    const module = modules[moduleIndex];
    if (!module) return;
    const target = itemIndex + by;
    if (target < 0 || target >= module.items.length) return;
    changeModule(moduleIndex, (entry) => ({ ...entry, items: moveListItem(entry.items, itemIndex, by) }));
    setFocused({ module: moduleIndex, item: target });
    // Focus follows the item, so the next Alt+↑/↓ moves it again.
    requestAnimationFrame(() =>
      document.getElementById(`plan-item-${moduleIndex}-${target}`)?.focus({ preventScroll: false }),
    );
  };

  const removeItem = (moduleIndex: number, itemIndex: number) => {
    changeModule(moduleIndex, (entry) => ({
      ...entry,
      items: entry.items.filter((_, at) => at !== itemIndex),
    }));
    setFocused(null);
  };

  const addItem = (moduleIndex: number, key: string) => {
    const card = catalog.data?.items.find((item) => String(item.collection_id) === picks[key]);
    if (!card) return;
    changeModule(moduleIndex, (entry) =>
      entry.items.some((item) => item.work_id === card.collection_id)
        ? entry
        : {
            ...entry,
            items: [
              ...entry.items,
              {
                author_id: card.author_id,
                work_id: card.collection_id,
                title: card.title,
                work_type: card.work_type,
                url: card.url,
              },
            ],
          },
    );
    setPicks((current) => ({ ...current, [key]: '' }));
  };

  const save = (state?: PlanState) => {
    setStatus(null);
    if (!title.trim()) {
      setStatus({ tone: 'error', text: 'Title is required' });
      return;
    }
    update.mutate(
      {
        title: title.trim(),
        description: description.trim(),
        modules: modules.map((module) => ({
          title: module.title.trim() || 'Untitled module',
          body: module.body,
          items: module.items.map((item) => ({ author_id: item.author_id, work_id: item.work_id })),
        })),
        ...(state ? { state } : {}),
      },
      {
        onSuccess: (saved) =>
          setStatus({
            tone: 'success',
            text: saved.state === PlanState.Published ? 'Saved and published.' : 'Saved as a draft.',
          }),
        onError: (error) => setStatus({ tone: 'error', text: messageOf(error) }),
      },
    );
  };

  useEditorShortcuts({
    save: () => save(),
    back: () => navigate('/onboarding/plans'),
    addModule,
    moveUp: () => focused && moveItem(focused.module, focused.item, -1),
    moveDown: () => focused && moveItem(focused.module, focused.item, 1),
    delete: () => focused && removeItem(focused.module, focused.item),
    help: () => setShowShortcuts(true),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save();
  };

  const isPublished = plan.state === PlanState.Published;
  return (
    <>
      <form className="org-section plan-editor" onSubmit={onSubmit} noValidate aria-label="Plan">
        <div className="card org-form plan-details">
          <TextField
            label="Plan title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={200}
          />
          <div className="field">
            <label htmlFor={descriptionId}>Description</label>
            <textarea
              id={descriptionId}
              className="plan-wide-input"
              rows={3}
              maxLength={2000}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>
        </div>
        <ol className="plan-modules" aria-label="Modules">
          {modules.map((module, moduleIndex) => (
            <li key={module.key} className="card plan-module">
              <TextField
                label={`Module ${moduleIndex + 1} title`}
                value={module.title}
                maxLength={200}
                onChange={(event) =>
                  changeModule(moduleIndex, (entry) => ({ ...entry, title: event.target.value }))
                }
              />
              <div className="field">
                <label htmlFor={`${module.key}-body`}>Module {moduleIndex + 1} page text</label>
                <textarea
                  id={`${module.key}-body`}
                  className="plan-wide-input"
                  rows={4}
                  maxLength={MAX_PLAN_PAGE_BODY}
                  aria-describedby={`${module.key}-body-hint`}
                  value={module.body}
                  onChange={(event) =>
                    changeModule(moduleIndex, (entry) => ({ ...entry, body: event.target.value }))
                  }
                />
                <p id={`${module.key}-body-hint`} className="muted small">
                  Markdown, shown above the module's courses when the plan is read as a page of the plan
                  reader.
                </p>
              </div>
              {module.items.length === 0 ? (
                <p className="muted small">No courses in this module yet.</p>
              ) : (
                <ol
                  className="plan-items"
                  aria-label={`Courses of ${module.title || `module ${moduleIndex + 1}`}`}
                >
                  {module.items.map((item, itemIndex) => (
                    <li key={item.work_id} className="plan-item">
                      <button
                        type="button"
                        id={`plan-item-${moduleIndex}-${itemIndex}`}
                        className="plan-item-name"
                        aria-pressed={focused?.module === moduleIndex && focused.item === itemIndex}
                        onFocus={() => setFocused({ module: moduleIndex, item: itemIndex })}
                      >
                        {item.title}
                        <span className="muted small">
                          {' '}
                          · {item.work_type === 'path' ? 'Path' : 'Course'}
                        </span>
                      </button>
                      <span className="org-actions">
                        <Button
                          variant="ghost"
                          aria-label={`Move ${item.title} up`}
                          disabled={itemIndex === 0}
                          onClick={() => moveItem(moduleIndex, itemIndex, -1)}
                        >
                          ↑
                        </Button>
                        <Button
                          variant="ghost"
                          aria-label={`Move ${item.title} down`}
                          disabled={itemIndex === module.items.length - 1}
                          onClick={() => moveItem(moduleIndex, itemIndex, 1)}
                        >
                          ↓
                        </Button>
                        <Button
                          variant="ghost"
                          aria-label={`Remove ${item.title}`}
                          onClick={() => removeItem(moduleIndex, itemIndex)}
                        >
                          Remove
                        </Button>
                      </span>
                    </li>
                  ))}
                </ol>
              )}
              <div className="plan-add-item">
                <div className="field">
                  <label htmlFor={`${module.key}-pick`}>Add a course or path</label>
                  <select
                    id={`${module.key}-pick`}
                    className="plan-wide-input"
                    value={picks[module.key] ?? ''}
                    onChange={(event) =>
                      setPicks((current) => ({ ...current, [module.key]: event.target.value }))
                    }
                  >
                    <option value="">Choose…</option>
                    {catalog.data?.items.map((card) => (
                      <option key={card.collection_id} value={card.collection_id}>
                        {card.title}
                      </option>
                    ))}
                  </select>
                </div>
                <Button
                  variant="secondary"
                  disabled={!picks[module.key]}
                  onClick={() => addItem(moduleIndex, module.key)}
                >
                  Add to module
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => setModules((current) => current.filter((_, at) => at !== moduleIndex))}
                >
                  Remove module
                </Button>
              </div>
            </li>
          ))}
        </ol>
        <div className="plan-toolbar">
          <Button variant="secondary" onClick={addModule}>
            Add module
          </Button>
          <Button type="submit" busy={update.isPending}>
            Save
          </Button>
          {!isPublished && !plan.is_template && (
            <Button variant="secondary" busy={update.isPending} onClick={() => save(PlanState.Published)}>
              Save and publish
            </Button>
          )}
          <Button variant="ghost" onClick={() => setShowShortcuts(true)}>
            Keyboard shortcuts
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            onClick={() => {
              if (window.confirm(`Delete the plan ${plan.title}? Its assignments go with it.`)) {
                remove.mutate(plan.plan_id, { onSuccess: () => navigate('/onboarding/plans') });
              }
            }}
          >
            Delete plan
          </Button>
        </div>
        {status && <FormMessage tone={status.tone}>{status.text}</FormMessage>}
        <p className="muted small">
          <Link to="/onboarding/plans">Back to plans</Link> ·{' '}
          <Link to={plan.preview_url}>Preview in the plan reader</Link>
        </p>
      </form>
      {isPublished && !plan.is_template && <PlanAssign organizationId={organizationId} plan={plan} />}
      <ShortcutsDialog open={showShortcuts} onOpenChange={setShowShortcuts} available={SHORTCUTS} />
    </>
  );
}
