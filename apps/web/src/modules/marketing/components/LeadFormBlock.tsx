import type { EditorPageWidgetOf } from '@coderoom/contracts';
import { LeadFormBlockKind, leadFormHasForm, validateEmail } from '@coderoom/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { TextField } from '../../../ui/TextField';
import { ApiError } from '../../api/ApiError';
import { useEmailCapture } from '../api/useEmailCapture';
import { readableTextOn } from '../utils/readableTextOn';

interface LeadFormBlockProps {
  widget: EditorPageWidgetOf<'LeadForm'>;
  /** The published page the form belongs to; null in the editor's preview (the form does not send). */
  pageId: number | null;
}

/** A lead form block of one of the five kinds (000 §3); its section id is the form id, for #links. */
export function LeadFormBlock({ widget, pageId }: LeadFormBlockProps) {
  const {
    formId,
    block_kind,
    heading,
    text,
    background_colour,
    image_url,
    image_alt,
    media_url,
    submit_label,
  } = widget.content;
  const capture = useEmailCapture();
  const [fields, setFields] = useState({ email: '', full_name: '', company: '', team_size: '', message: '' });
  const [emailError, setEmailError] = useState<string | null>(null);
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateEmail(fields.email);
    setEmailError(problem);
    if (problem || pageId === null) return;
    const teamSize = Number.parseInt(fields.team_size, 10);
    capture.mutate({
      page_id: pageId,
      form_id: formId,
      email: fields.email.trim(),
      full_name: fields.full_name,
      company: fields.company,
      ...(Number.isFinite(teamSize) && teamSize > 0 ? { team_size: teamSize } : {}),
      message: fields.message,
    });
  };

  const withImage = block_kind === LeadFormBlockKind.Image || block_kind === LeadFormBlockKind.ImageAndForm;
  const serverError =
    capture.error instanceof ApiError
      ? capture.error.message
      : capture.error
        ? 'The form could not be sent. Try again.'
        : null;
  return (
    <section
      id={formId}
      className={`mk-block mk-lead-form mk-kind-${block_kind.replace(/\s+/g, '-').toLowerCase()}`}
      style={
        {
          '--mk-lead-bg': background_colour,
          '--mk-lead-fg': readableTextOn(background_colour),
        } as React.CSSProperties
      }
      aria-labelledby={`${formId}-heading`}
    >
      <div className="mk-lead-intro">
        <h2 id={`${formId}-heading`}>{heading}</h2>
        {text ? <p>{text}</p> : null}
        {withImage && image_url ? <img src={image_url} alt={image_alt} /> : null}
        {block_kind === LeadFormBlockKind.Video && media_url ? (
          // biome-ignore lint/a11y/useMediaCaption: the editor links captions beside the video when it has them
          <video controls preload="metadata" src={media_url} aria-label={heading} />
        ) : null}
        {block_kind === LeadFormBlockKind.Calendar && media_url ? (
          <a className="btn btn-primary" href={media_url} rel="noopener">
            Pick a time for a call
          </a>
        ) : null}
      </div>
      {leadFormHasForm(block_kind) ? (
        capture.isSuccess ? (
          <div className="card mk-lead-done" role="status">
            <h3>Message sent</h3>
            <p>{capture.data.message}</p>
          </div>
        ) : (
          <form className="card mk-lead-fields" onSubmit={submit} noValidate>
            <TextField
              label="Work e-mail"
              type="email"
              autoComplete="email"
              required
              value={fields.email}
              onChange={set('email')}
              error={emailError}
            />
            <TextField
              label="Full name"
              autoComplete="name"
              value={fields.full_name}
              onChange={set('full_name')}
              maxLength={100}
            />
            <TextField
              label="Company"
              autoComplete="organization"
              value={fields.company}
              onChange={set('company')}
              maxLength={120}
            />
            <TextField
              label="Team size"
              type="number"
              inputMode="numeric"
              min={1}
              value={fields.team_size}
              onChange={set('team_size')}
            />
            <div className="field">
              <label htmlFor={`${formId}-message`}>What would you like to know?</label>
              <textarea
                id={`${formId}-message`}
                rows={3}
                maxLength={2000}
                value={fields.message}
                onChange={set('message')}
              />
            </div>
            {serverError ? <FormMessage tone="error">{serverError}</FormMessage> : null}
            <Button type="submit" busy={capture.isPending} disabled={pageId === null}>
              {submit_label}
            </Button>
            {pageId === null ? (
              <p className="field-hint">The form sends once the page is published.</p>
            ) : null}
          </form>
        )
      ) : null}
    </section>
  );
}
