import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type {
  AdminExhibition,
  ExhibitionWorksInput,
} from '../../../../shared/schemas/exhibition.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { useAdminQuery } from '../common/admin-query.tsx';
import { withReason } from '../common/failure-messages.ts';
import { ResourceView } from '../common/resource-view.tsx';
import { AdminPage, FOCUS_RING, MUTED_TEXT, Section } from '../common/shell/admin-page.tsx';
import { competitionsQuery } from '../competitions/api/competitions.ts';
import {
  chooseWorks,
  exhibitionKey,
  exhibitionQuery,
  saveExhibition,
  setOpen,
} from './api/exhibitions.ts';
import { EnquiriesSection } from './enquiries-section.tsx';
import { ExhibitionForm } from './exhibition-form.tsx';
import { ExhibitionWorks } from './exhibition-works.tsx';

/** A competition's online exhibition: its text and vote, its works, opening it; and enquiries. */
export default function ExhibitionsPage() {
  const competitions = useAdminQuery(competitionsQuery);
  const [competitionId, setCompetitionId] = useState('');
  const selectId = useId();
  return (
    <AdminPage title="Exhibitions">
      <ResourceView resource={competitions}>
        {(list) => (
          <div className="flex flex-col gap-2">
            <label htmlFor={selectId} className="font-semibold">
              Competition
            </label>
            <select
              id={selectId}
              value={competitionId}
              onChange={(e) => setCompetitionId(e.target.value)}
              className={`min-h-11 max-w-xl rounded-lg border border-gray-300 bg-white px-3 dark:border-gray-700 dark:bg-gray-900 ${FOCUS_RING}`}
            >
              <option value="">Choose a competition</option>
              {list.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
          </div>
        )}
      </ResourceView>
      {competitionId ? <ExhibitionOf key={competitionId} competitionId={competitionId} /> : null}
      <EnquiriesSection />
    </AdminPage>
  );
}

function ExhibitionOf({ competitionId }: { competitionId: string }) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const exhibition = useAdminQuery({ ...exhibitionQuery(competitionId), retry: false });
  const update = (saved: AdminExhibition) =>
    queryClient.setQueryData(exhibitionKey(competitionId), saved);
  const save = useMutation({ mutationFn: saveExhibition, onSuccess: update });
  const choose = useMutation({ mutationFn: chooseWorks, onSuccess: update });
  const opening = useMutation({ mutationFn: setOpen, onSuccess: update });
  const busy = choose.isPending || opening.isPending;
  const missing = exhibition.error?.status === 404;
  const pick = (choice: ExhibitionWorksInput) =>
    choose
      .mutateAsync({ id: competitionId, choice })
      .then(() => showToast('Works saved', { variant: 'success' }))
      .catch((error: unknown) =>
        showToast(withReason('Failed to save the works', error), { variant: 'error' }),
      );
  if (missing || exhibition.data === undefined) {
    if (!missing) return <ResourceView resource={exhibition}>{() => null}</ResourceView>;
  }
  const current = missing ? null : (exhibition.data ?? null);
  return (
    <>
      <Section title={current ? 'The exhibition' : 'Create its exhibition'}>
        <ExhibitionForm
          exhibition={current}
          onSave={async (values) => {
            await save.mutateAsync({ id: competitionId, values });
            showToast('Exhibition saved', { variant: 'success' });
          }}
        />
      </Section>
      {current ? (
        <>
          <Section title="Works">
            <div className="mb-4 flex flex-wrap gap-3">
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => void pick({ source: 'approved' })}
              >
                Take every approved work
              </Button>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => void pick({ source: 'shortlist' })}
              >
                Take the latest shortlist
              </Button>
            </div>
            <ExhibitionWorks
              exhibition={current}
              busy={busy}
              onChoose={(workIds) => void pick({ source: 'works', workIds })}
            />
          </Section>
          <Section title="Public">
            <p className={`mb-3 ${MUTED_TEXT}`}>
              {current.openedAt ? 'Open to the public: ' : 'Not public yet.'}
              {current.openedAt ? (
                <Link to={paths.exhibitionOf(competitionId)} className="underline">
                  see the gallery
                </Link>
              ) : null}
            </p>
            <Button
              disabled={busy}
              onClick={() =>
                void opening
                  .mutateAsync({ id: competitionId, open: !current.openedAt })
                  .catch((error: unknown) =>
                    showToast(withReason('Failed to change the exhibition', error), {
                      variant: 'error',
                    }),
                  )
              }
            >
              {current.openedAt ? 'Close the exhibition' : 'Open the exhibition'}
            </Button>
          </Section>
        </>
      ) : null}
    </>
  );
}
