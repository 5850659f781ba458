import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  GROUP_MESSAGE_BODY_MAX,
  GROUP_MESSAGE_PLACEHOLDERS,
  GROUP_MESSAGE_SUBJECT_MAX,
  GROUP_MESSAGE_TEXT,
  type GroupMessagePreview,
} from '../../../../shared/schemas/group-message.ts';
import { Button } from '../../../components/button.tsx';
import { Field, TextAreaField } from '../../../components/form-fields.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useToast } from '../../../components/toast.tsx';
import { toApiError } from '../../../lib/api-client.ts';
import { FormAlert, MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { filtersOfView, previewGroupMessage, sendGroupMessage } from './api/messages.ts';

/*
 * "Message these entries": a subject and a message to every entry the view lists, previewed as
 * the first entry's artist will read it with the count of entries, then sent once (the dialog's
 * request id makes a second click or a retry send nothing more).
 */

export const MESSAGE_TEXT = {
  open: 'Message these entries',
  title: 'Message these entries',
  intro:
    'Each entry the list shows with these filters gets its own message, with its own link. An artist with two entries gets two.',
  placeholders: `You may use ${GROUP_MESSAGE_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`,
  preview: 'Preview',
  previewAgain: 'Preview again after a change before sending.',
  count: (count: number) =>
    count === 1 ? 'This message goes to 1 entry.' : `This message goes to ${count} entries.`,
  first: (to: string, reference: string) => `The first, to ${to} (${reference}):`,
  send: (count: number) => (count === 1 ? 'Send to 1 entry' : `Send to ${count} entries`),
} as const;

/** The button, and its dialog with the view's filters (the address's `params`). */
export function MessageEntries({ params }: { params: URLSearchParams }) {
  const [open, setOpen] = useState(false);
  // A new id each time the dialog opens: one send per opening, however often it is clicked.
  const [requestId, setRequestId] = useState('');
  return (
    <div>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setRequestId(crypto.randomUUID());
          setOpen(true);
        }}
      >
        {MESSAGE_TEXT.open}
      </Button>
      <ModalDialog open={open} title={MESSAGE_TEXT.title} onClose={() => setOpen(false)} form>
        <MessageForm params={params} requestId={requestId} onSent={() => setOpen(false)} />
      </ModalDialog>
    </div>
  );
}

function MessageForm({
  params,
  requestId,
  onSent,
}: {
  params: URLSearchParams;
  requestId: string;
  onSent: () => void;
}) {
  const { showToast } = useToast();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [shown, setShown] = useState<{ draft: string; preview: GroupMessagePreview }>();
  const draft = { filters: filtersOfView(params), subject, body };
  const key = JSON.stringify(draft);
  const preview = useMutation({
    mutationFn: () => previewGroupMessage(draft),
    onSuccess: (answer) => setShown({ draft: key, preview: answer }),
  });
  const sending = useMutation({
    mutationFn: () => sendGroupMessage({ ...draft, requestId }),
    onSuccess: (result) => {
      showToast(GROUP_MESSAGE_TEXT.sent(result.count), { variant: 'success' });
      onSent();
    },
  });
  const failure = toApiError(sending.error ?? preview.error ?? null);
  const failed = sending.error ?? preview.error;
  const fields = failed ? failure.fields : undefined;
  const current = shown?.draft === key ? shown.preview : undefined;
  const previewId = useId();
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        sending.reset();
        preview.mutate();
      }}
    >
      <p className={MUTED_TEXT}>{MESSAGE_TEXT.intro}</p>
      <Field
        label="Subject"
        required
        maxLength={GROUP_MESSAGE_SUBJECT_MAX}
        value={subject}
        error={fields?.subject}
        onChange={(event) => setSubject(event.target.value)}
      />
      <TextAreaField
        label="Message"
        required
        rows={8}
        maxLength={GROUP_MESSAGE_BODY_MAX}
        hint={MESSAGE_TEXT.placeholders}
        value={body}
        error={fields?.body}
        onChange={(event) => setBody(event.target.value)}
      />
      <FormAlert message={failed && !fields ? failure.message : undefined} />
      <div id={previewId} role="status" className="flex flex-col gap-2">
        {current ? (
          <>
            <p className="font-semibold">{MESSAGE_TEXT.count(current.count)}</p>
            <p>{MESSAGE_TEXT.first(current.first.to, current.first.reference)}</p>
            <div className="rounded-lg border border-gray-300 p-3 dark:border-gray-700">
              <p className="font-semibold">{current.first.subject}</p>
              <p className="mt-2 whitespace-pre-wrap break-words">{current.first.text}</p>
            </div>
          </>
        ) : shown ? (
          <p className={MUTED_TEXT}>{MESSAGE_TEXT.previewAgain}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="submit" variant="outline" disabled={preview.isPending}>
          {MESSAGE_TEXT.preview}
        </Button>
        {current ? (
          <Button
            disabled={sending.isPending}
            aria-describedby={previewId}
            onClick={() => sending.mutate()}
          >
            {MESSAGE_TEXT.send(current.count)}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
