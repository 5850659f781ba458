import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { AdminCompetition } from '../../../../shared/schemas/competition.ts';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useToast } from '../../../components/toast.tsx';
import { COMPETITION_STAGE_LABELS } from '../../../../shared/domain/competition-status.ts';
import { formatEntryFee } from '../../../../shared/domain/money.ts';
import { formatCalendarDate } from '../../../lib/format.ts';
import { StatusBadge } from '../../competitions/components/status-badge.tsx';
import { ConfirmDialog } from '../common/dialogs/confirm-dialog.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useConfirmAction } from '../common/dialogs/use-confirm-action.ts';
import { withReason, withSeedMessage } from '../common/failure-messages.ts';
import { ResourceView } from '../common/resource-view.tsx';
import { AdminPage, MUTED_TEXT, TableHead } from '../common/shell/admin-page.tsx';
import { useAdminQuery } from '../common/admin-query.tsx';
import { categoryChoicesQuery, competitionsQuery, deleteCompetition } from './api/competitions.ts';
import { COMPETITION_FAILURES } from './competition-failures.ts';
import { CompetitionForm } from './competition-form.tsx';
import { ExtensionsPanel } from './extensions-panel.tsx';

/** Seed §4 "Toasts": competition success toasts last 5 s. */
export const COMPETITION_TOAST_MS = 5000;
export const EMPTY_TEXT = 'No competitions found. Create one to get started.';
export const DELETE_QUESTION = 'Are you sure you want to delete this competition?';

const CELL = 'px-3 py-3 text-left align-top';

/** The seed's question, plus what happens to the competition's submissions (PRODUCT.md point 9). */
export function deleteQuestion(submissionCount: number): string {
  if (submissionCount === 0) return DELETE_QUESTION;
  const [count, pronoun] =
    submissionCount === 1 ? ['1 submission', 'it'] : [`${submissionCount} submissions`, 'they'];
  return `${DELETE_QUESTION} It has ${count}; ${pronoun} will be kept, with the competition's title and fee.`;
}

export function deletedMessage(submissionsKept: number): string {
  if (submissionsKept === 0) return 'Competition deleted successfully';
  const kept =
    submissionsKept === 1 ? 'Its submission was' : `Its ${submissionsKept} submissions were`;
  return `Competition deleted successfully. ${kept} kept.`;
}

type Editor = { open: boolean; competition: AdminCompetition | null };

/** Seed §2 "Competitions": the list, the add/edit form in a dialog, deletion after a question. */
export default function CompetitionsPage() {
  const queryClient = useQueryClient();
  const competitions = useAdminQuery(competitionsQuery);
  const [editor, setEditor] = useState<Editor>({ open: false, competition: null });
  const [extensionsOf, setExtensionsOf] = useState<AdminCompetition | null>(null);
  const categories = useAdminQuery(categoryChoicesQuery);
  const removal = useMutation({ mutationFn: deleteCompetition });
  const { showToast } = useToast();
  const addButton = useRef<HTMLButtonElement>(null);

  const openEditor = (competition: AdminCompetition | null) => {
    // Read again each time the form opens: a category added meanwhile is offered at once.
    void queryClient.invalidateQueries({ queryKey: categoryChoicesQuery.queryKey });
    setEditor({ open: true, competition });
  };
  const closeEditor = () => setEditor((current) => ({ ...current, open: false }));
  const reload = () => void queryClient.invalidateQueries({ queryKey: competitionsQuery.queryKey });

  const deletion = useConfirmAction({
    act: (competition: AdminCompetition) => removal.mutateAsync(competition),
    done: (_, { submissionsKept }) => {
      showToast(deletedMessage(submissionsKept), {
        variant: 'success',
        durationMs: COMPETITION_TOAST_MS,
      });
      reload();
    },
    failure: (error) => withReason(COMPETITION_FAILURES.delete, error),
    // Its row, and the Delete button that opened the dialog, are about to go.
    focusAfter: addButton,
  });

  return (
    <AdminPage title="Competitions">
      <Button ref={addButton} className="self-start" onClick={() => openEditor(null)}>
        Add Competition
      </Button>
      <ResourceView resource={withSeedMessage(competitions, COMPETITION_FAILURES.fetch)}>
        {(list) =>
          list.length === 0 ? (
            <p className={MUTED_TEXT}>{EMPTY_TEXT}</p>
          ) : (
            <div className="overflow-x-auto rounded-2xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
              <table className="w-full text-sm">
                <TableHead
                  caption="Competitions, newest first"
                  headings={['Title', 'Description', 'Category', 'Dates', 'Status', 'Actions']}
                />
                <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
                  {list.map((competition) => (
                    <CompetitionRow
                      key={competition.id}
                      competition={competition}
                      onEdit={() => openEditor(competition)}
                      onExtensions={() => setExtensionsOf(competition)}
                      onDelete={() => deletion.ask(competition)}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </ResourceView>
      <ModalDialog
        open={editor.open}
        title={editor.competition ? 'Edit Competition' : 'Add Competition'}
        onClose={closeEditor}
        form
      >
        <CompetitionForm
          competition={editor.competition}
          categories={categories}
          onCancel={closeEditor}
          onSaved={(saved, wasNew) => {
            closeEditor();
            showToast(
              wasNew
                ? `Competition '${saved.title}' added successfully`
                : `Competition '${saved.title}' updated successfully`,
              { variant: 'success', durationMs: COMPETITION_TOAST_MS },
            );
            reload();
          }}
        />
      </ModalDialog>
      <ModalDialog
        open={extensionsOf !== null}
        title={`Extensions: ${extensionsOf?.title ?? ''}`}
        onClose={() => setExtensionsOf(null)}
        form
      >
        {extensionsOf ? <ExtensionsPanel key={extensionsOf.id} competition={extensionsOf} /> : null}
      </ModalDialog>
      <ConfirmDialog
        {...deletion.dialog}
        title={`Delete ${deletion.target?.title ?? 'competition'}`}
        question={deleteQuestion(deletion.target?.submissionCount ?? 0)}
        confirmLabel="Delete"
      />
    </AdminPage>
  );
}

function CompetitionRow({
  competition,
  onEdit,
  onExtensions,
  onDelete,
}: {
  competition: AdminCompetition;
  onEdit: () => void;
  onExtensions: () => void;
  onDelete: () => void;
}) {
  const { title, description, category, subcategory, startDate, endDate } = competition;
  return (
    <tr>
      <th scope="row" className={`${CELL} font-semibold`}>
        {title}
        <span className={`block font-normal ${MUTED_TEXT}`}>
          {formatEntryFee(competition.entryFee)}
        </span>
      </th>
      <td className={`${CELL} max-w-xs`}>
        <p className="line-clamp-2">{description}</p>
      </td>
      <td className={CELL}>
        {category.name}
        {subcategory ? <span className={`block ${MUTED_TEXT}`}>{subcategory.name}</span> : null}
      </td>
      <td className={`${CELL} whitespace-nowrap`}>
        <time dateTime={startDate}>{formatCalendarDate(startDate)}</time>
        <span className="block">
          to <time dateTime={endDate}>{formatCalendarDate(endDate)}</time>
        </span>
      </td>
      <td className={CELL}>
        <StatusBadge status={competition.status} />
        {competition.stage && competition.stage !== competition.status ? (
          <span className={`mt-1 block ${MUTED_TEXT}`}>
            {COMPETITION_STAGE_LABELS[competition.stage]}
          </span>
        ) : null}
      </td>
      <td className={CELL}>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={onEdit}>
            Edit<span className="sr-only"> {title}</span>
          </Button>
          {competition.draft ? (
            <ButtonLink
              to={paths.adminCompetitionPreview(competition.id)}
              variant="secondary"
              size="sm"
            >
              Preview<span className="sr-only"> {title}</span>
            </ButtonLink>
          ) : null}
          <Button variant="secondary" size="sm" onClick={onExtensions}>
            Extensions<span className="sr-only"> for {title}</span>
          </Button>
          <Button variant="outline" size="sm" onClick={onDelete}>
            Delete<span className="sr-only"> {title}</span>
          </Button>
        </div>
      </td>
    </tr>
  );
}
