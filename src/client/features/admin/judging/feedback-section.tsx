import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type AdminFeedbackItem, FEEDBACK_MAX } from '../../../../shared/schemas/feedback.ts';
import { Button } from '../../../components/button.tsx';
import { toApiError } from '../../../lib/api-client.ts';
import { Field, TextAreaField } from '../common/forms/form-fields.tsx';
import { MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { editFeedback, feedbackQuery } from './api/feedback.ts';

export const NO_FEEDBACK = 'No juror has written feedback for the artists yet.';
export const HIDE_LABEL = 'Hide from the artist';
export const FEEDBACK_INTRO =
  'What the jurors wrote for the artists. Correct it or hide it before you publish; the artists read it only if you release feedback when you publish the results, and never see a juror’s name.';

/** 'Feedback saved: W003 from Asha Verghese.' */
export const savedMessage = (item: AdminFeedbackItem) =>
  `Feedback saved: ${item.alias} from ${item.juror}.`;

const keyOf = (item: AdminFeedbackItem) => `${item.roundId}:${item.workId}:${item.jurorId}`;

/** The works in order, each with its jurors' feedback. */
function byWork(items: readonly AdminFeedbackItem[]) {
  const works = new Map<string, AdminFeedbackItem[]>();
  for (const item of items) {
    const key = `${item.roundId}:${item.workId}`;
    works.set(key, [...(works.get(key) ?? []), item]);
  }
  return [...works.values()];
}

function FeedbackForm({
  competitionId,
  item,
  onSaved,
}: {
  competitionId: string;
  item: AdminFeedbackItem;
  onSaved: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(item.feedback);
  const [hidden, setHidden] = useState(item.hidden);
  const save = useMutation({
    mutationFn: editFeedback,
    onSuccess: (all) => {
      queryClient.setQueryData(feedbackQuery(competitionId).queryKey, all);
      onSaved(savedMessage(item));
    },
  });
  const error = save.error ? toApiError(save.error) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { roundId, workId, jurorId } = item;
    save.mutate({ competitionId, roundId, workId, jurorId, edit: { feedback: text, hidden } });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <TextAreaField
        label={`Feedback from ${item.juror}`}
        rows={3}
        maxLength={FEEDBACK_MAX}
        value={text}
        error={error?.fields?.feedback ?? (error && !error.fields ? error.message : undefined)}
        onChange={(event) => setText(event.target.value)}
      />
      <Field
        type="checkbox"
        label={HIDE_LABEL}
        checked={hidden}
        onChange={(event) => setHidden(event.target.checked)}
      />
      <div>
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save feedback'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Before Publish: every juror's feedback for the artists, per work, each editable or hidden on
 * its own (audited by the server). The jurors' names are for the admin only.
 */
export function FeedbackSection({
  competitionId,
  items,
}: {
  competitionId: string;
  items: AdminFeedbackItem[];
}) {
  const [status, setStatus] = useState('');
  return (
    <div className="flex flex-col gap-4">
      <p className={MUTED_TEXT}>{FEEDBACK_INTRO}</p>
      <div role="status" className="font-medium">
        {status}
      </div>
      {items.length === 0 ? <p>{NO_FEEDBACK}</p> : null}
      <ul className="flex flex-col gap-6">
        {byWork(items).map((work) => {
          const first = work[0] as AdminFeedbackItem;
          return (
            <li key={`${first.roundId}:${first.workId}`} className="flex flex-col gap-3">
              <h3 className="font-semibold">
                {first.alias} · {first.reference}, work {first.workNumber} (round{' '}
                {first.roundNumber})
              </h3>
              {work.map((item) => (
                <FeedbackForm
                  key={keyOf(item)}
                  competitionId={competitionId}
                  item={item}
                  onSaved={setStatus}
                />
              ))}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
