import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { FormMessage } from '../../../ui/FormMessage';
import { CollaborativeTextField } from '../../collab/components/CollaborativeTextField';
import { type CollabSession, createCollabSession } from '../../collab/createCollabSession';
import { MARKDOWN_MAP } from '../../collab/utils/collabDocument';
import { MarkdownBlock } from '../../reader/components/MarkdownBlock';
import { useUploadWorkImage } from '../api/useUploadWorkImage';

interface WorkDocumentEditorProps {
  itemId: number;
  initialText: string;
  user: { id: number; name: string };
  canEdit: boolean;
}

/** Where the text lives in the Yjs document (the server's WORK_DOCUMENT_MAP / WORK_DOCUMENT_FIELD). */
const FIELD = 'body';

/** What the editor tells about its connection; offline edits stay in the browser and merge on reconnect. */
function statusText(session: CollabSession): string {
  const state = session.getState();
  if (state.connection === 'refused') return state.refusal || 'You cannot open this document.';
  if (state.connection === 'offline') return 'Offline: your edits are kept here and merge when you are back.';
  if (state.connection === 'connecting') return 'Connecting…';
  const others = state.editors - 1;
  const people = others > 0 ? ` · ${others === 1 ? '1 other person' : `${others} other people`} editing` : '';
  return `${state.isSynced ? 'Live · all changes saved' : 'Live · saving…'}${people}${state.isReadOnly ? ' · read only' : ''}`;
}

function Status({ session }: { session: CollabSession }) {
  const text = useSyncExternalStore(session.subscribe, () => statusText(session));
  return (
    <p className="small muted" role="status" aria-live="polite" data-testid="work-doc-status">
      {text}
    </p>
  );
}

/** Alt text from a file name: "team-photo.png" reads "team photo". */
function altOf(fileName: string): string {
  return (
    fileName
      .replace(/\.[^.]+$/, '')
      .replace(/[-_]+/g, ' ')
      .replace(/[[\]]/g, '')
      .trim() || 'image'
  );
}

/** Uploads an image and adds it to the end of the text as Markdown, as one edit everyone sees. */
function AddImage({ itemId, session }: { itemId: number; session: CollabSession }) {
  const upload = useUploadWorkImage(itemId);
  const inputId = useId();
  const [added, setAdded] = useState('');
  return (
    <div className="work-image-upload">
      <label htmlFor={inputId}>Add an image (png, jpeg or gif)</label>
      <input
        id={inputId}
        type="file"
        accept="image/png,image/jpeg,image/gif"
        disabled={upload.isPending}
        onChange={(event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          if (!file) return;
          setAdded('');
          upload.mutate(file, {
            onSuccess: (url) => {
              const text = session.shared(MARKDOWN_MAP).get(FIELD);
              if (text) {
                const gap = text.length === 0 ? '' : text.toString().endsWith('\n') ? '\n' : '\n\n';
                text.insert(text.length, `${gap}![${altOf(file.name)}](${url})\n`);
              }
              setAdded(file.name);
              input.value = '';
            },
          });
        }}
      />
      {upload.isPending && <FormMessage tone="info">Uploading {upload.variables?.name}…</FormMessage>}
      {upload.error && <FormMessage tone="error">{upload.error.message}</FormMessage>}
      {added && !upload.isPending && !upload.error && (
        <FormMessage tone="success">Added {added} at the end of the text.</FormMessage>
      )}
    </div>
  );
}

/**
 * A work document co-edited live (Yjs over the collab server, document `work:{id}`): everyone with the
 * document open types into the same text, and the server stores it (docs/work.md). Below it, the text as
 * it reads (images included), following every edit.
 */
export function WorkDocumentEditor({ itemId, initialText, user, canEdit }: WorkDocumentEditorProps) {
  const [session, setSession] = useState<CollabSession | null>(null);
  const [text, setText] = useState(initialText);
  useEffect(() => {
    const created = createCollabSession({ documentName: `work:${itemId}`, user });
    setSession(created);
    return () => created.destroy();
  }, [itemId, user]);
  if (!session) return null;
  return (
    <>
      <CollaborativeTextField
        session={session}
        map={MARKDOWN_MAP}
        compId={FIELD}
        initialText={initialText}
        label="Document text"
        placeholder="Write here. Everyone with the document open sees your edits as you type."
        onText={setText}
      />
      <Status session={session} />
      {canEdit && <AddImage itemId={itemId} session={session} />}
      <h3 className="work-preview-heading">Preview</h3>
      {text.trim() ? (
        <MarkdownBlock text={text} className="prose work-preview" />
      ) : (
        <p className="muted">Nothing written yet.</p>
      )}
    </>
  );
}
