import { useId } from 'react';
import { Button } from '../../../ui/Button';
import type { FieldSpec } from '../utils/widgetFields';

type Values = Record<string, unknown>;

interface WidgetFieldsProps {
  fields: readonly FieldSpec[];
  values: Values;
  onChange: (next: Values) => void;
  /** Field errors the server answered, keyed by their path below the widget's content. */
  errors: Record<string, string>;
  path?: string;
}

function Field({
  spec,
  value,
  onChange,
  error,
  errors,
  path,
}: {
  spec: FieldSpec;
  value: unknown;
  onChange: (next: unknown) => void;
  error: string | undefined;
  errors: Record<string, string>;
  path: string;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, 'hint' in spec && spec.hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
  const below = (
    <>
      {'hint' in spec && spec.hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {spec.hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );
  switch (spec.kind) {
    case 'text':
    case 'url':
    case 'colour':
      return (
        <div className={`field${error ? ' field-invalid' : ''}`}>
          <label htmlFor={id}>{spec.label}</label>
          <input
            {...common}
            type={spec.kind === 'url' ? 'url' : 'text'}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) =>
              onChange(
                spec.kind === 'url' && spec.optional && event.target.value === ''
                  ? undefined
                  : event.target.value,
              )
            }
          />
          {below}
        </div>
      );
    case 'textarea':
      return (
        <div className={`field${error ? ' field-invalid' : ''}`}>
          <label htmlFor={id}>{spec.label}</label>
          <textarea
            {...common}
            rows={4}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.target.value)}
          />
          {below}
        </div>
      );
    case 'number':
      return (
        <div className={`field${error ? ' field-invalid' : ''}`}>
          <label htmlFor={id}>{spec.label}</label>
          <input
            {...common}
            type="number"
            min={spec.min}
            max={spec.max}
            value={typeof value === 'number' ? value : ''}
            onChange={(event) => onChange(event.target.valueAsNumber)}
          />
          {below}
        </div>
      );
    case 'select':
      return (
        <div className={`field${error ? ' field-invalid' : ''}`}>
          <label htmlFor={id}>{spec.label}</label>
          <select
            {...common}
            value={String(value ?? '')}
            onChange={(event) => {
              const chosen = spec.options.find((option) => String(option.value) === event.target.value);
              onChange(chosen?.value);
            }}
          >
            {spec.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {below}
        </div>
      );
    case 'link': {
      const link = (value ?? null) as { label: string; href: string } | null;
      return (
        <fieldset className="mk-subfields">
          <legend>{spec.label}</legend>
          {link ? (
            <>
              <WidgetFields
                fields={[
                  { key: 'label', label: 'Label', kind: 'text' },
                  {
                    key: 'href',
                    label: 'Link (a path such as /signup, #form-id or https://…)',
                    kind: 'text',
                  },
                ]}
                values={link}
                onChange={(next) => onChange(next)}
                errors={errors}
                path={path}
              />
              {spec.optional ? (
                <Button variant="ghost" onClick={() => onChange(undefined)}>
                  Remove {spec.label.toLowerCase()}
                </Button>
              ) : null}
            </>
          ) : (
            <Button variant="secondary" onClick={() => onChange({ label: 'Get started', href: '/signup' })}>
              Add {spec.label.toLowerCase()}
            </Button>
          )}
        </fieldset>
      );
    }
    case 'list': {
      const items = Array.isArray(value) ? (value as Values[]) : [];
      const replace = (index: number, next: Values | null) =>
        onChange(
          next === null
            ? items.filter((_, at) => at !== index)
            : items.map((item, at) => (at === index ? next : item)),
        );
      return (
        <fieldset className="mk-subfields">
          <legend>{spec.label}</legend>
          {error ? <p className="field-error">{error}</p> : null}
          <ol className="mk-list-items">
            {items.map((item, index) => (
              // Items have no ids of their own; their place is their identity while editing.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index}>
                <WidgetFields
                  fields={spec.fields}
                  values={item}
                  onChange={(next) => replace(index, next)}
                  errors={errors}
                  path={`${path}.${index}`}
                />
                <Button
                  variant="ghost"
                  disabled={items.length <= spec.min}
                  onClick={() => replace(index, null)}
                >
                  Remove {spec.itemLabel.toLowerCase()} {index + 1}
                </Button>
              </li>
            ))}
          </ol>
          <Button variant="secondary" onClick={() => onChange([...items, { ...spec.blank }])}>
            Add {spec.itemLabel.toLowerCase()}
          </Button>
        </fieldset>
      );
    }
  }
}

/** Inputs for one widget's content (or a list item's), described by its field specs. */
export function WidgetFields({ fields, values, onChange, errors, path = '' }: WidgetFieldsProps) {
  return (
    <div className="mk-fields">
      {fields.map((spec) => {
        const fieldPath = path ? `${path}.${spec.key}` : spec.key;
        return (
          <Field
            key={spec.key}
            spec={spec}
            value={values[spec.key]}
            onChange={(next) => {
              const copy = { ...values };
              if (next === undefined) delete copy[spec.key];
              else copy[spec.key] = next;
              onChange(copy);
            }}
            error={errors[fieldPath]}
            errors={errors}
            path={fieldPath}
          />
        );
      })}
    </div>
  );
}
