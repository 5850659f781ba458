import { lazy, Suspense, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { REGISTER_COMPETITION_PARAM } from '../../../../shared/page-paths.ts';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useBrowserValue } from '../../../lib/browser-value.ts';
import { useFirstRenderTime } from '../../../lib/render-time.tsx';
import { usePageTitle } from '../../../lib/settings.tsx';
import { liveStatus, notOpenMessage } from '../../competitions/components/competition-timing.tsx';
import { CompetitionSummary } from '../components/competition-summary.tsx';
import { RegistrationForm } from '../components/registration-form.tsx';
import { EXTENSION_NOTE, readExtensionToken } from '../extension-link.ts';
import type { RegistrationDraft } from '../registration-draft.ts';
import {
  CHECKING_UNPAID_ENTRY,
  loadUnpaidEntryDraft,
  useKeptUnpaidEntry,
} from '../unpaid-entry-api.ts';

// Only a browser that kept an unpaid entry needs its check and offer: out of the form's download.
const UnpaidEntryGate = lazy(() => import('../components/unpaid-entry-offer.tsx'));
import type { RegistrationForm as FormData } from '../../../../shared/schemas/registration-form.ts';
import { useRegistrationForm } from '../registration-api.ts';

/**
 * Seed §2 "Registration form": the form needs ?competition={id}; without it, or for a
 * competition that does not exist, the visitor goes home. A competition that takes no entries
 * now says why and shows no form.
 */
export default function RegisterPage() {
  const [params] = useSearchParams();
  const competitionId = params.get(REGISTER_COMPETITION_PARAM);
  const { data, error, retry } = useRegistrationForm(competitionId);
  usePageTitle(data ? `Register: ${data.competition.title}` : 'Register');
  if (!competitionId || error?.status === 404) return <Navigate to={paths.home} replace />;
  return (
    <section className="mx-auto max-w-3xl px-4 pt-8 pb-16 sm:pt-12">
      <h1 className="mb-6 text-3xl font-bold sm:text-4xl">Register</h1>
      {error ? (
        <div className="flex flex-col items-start gap-4">
          <p role="alert" className="text-lg">
            {error.message}
          </p>
          <Button variant="outline" onClick={retry}>
            Try again
          </Button>
        </div>
      ) : data ? (
        <RegistrationView key={data.competition.id} data={data} />
      ) : (
        // As tall as the screen, as the page's code loading was: the footer stays below until the
        // form arrives, rather than rising into view and being pushed out again (layout shift).
        <p role="status" className="min-h-screen text-lg">
          Loading competition…
        </p>
      )}
    </section>
  );
}

function RegistrationView({ data }: { data: FormData }) {
  const { competition, formFields } = data;
  // Decided once, when the page opens: the artist typing at 23:59 keeps the form, and the server
  // (which alone decides, in the site time zone) answers their send.
  const status = liveStatus(competition, useFirstRenderTime());
  // An artist's personal extension link opens the form after the close; the server checks it.
  const extended =
    useBrowserValue(() => readExtensionToken() !== null, false) &&
    status === 'closed' &&
    !competition.resultsPublished;
  return (
    <>
      <CompetitionSummary competition={competition} status={status} />
      {status === 'open' || extended ? (
        <>
          {extended ? (
            <p className="mt-6 rounded-lg border border-gray-300 p-4 dark:border-gray-700">
              {EXTENSION_NOTE}
            </p>
          ) : null}
          <OpenRegistration competition={competition} formFields={formFields} />
        </>
      ) : (
        <div className="mt-8 flex flex-col items-start gap-4">
          <p className="text-lg font-medium">{notOpenMessage(status, competition.startDate)}</p>
          <div className="flex flex-wrap gap-4">
            <ButtonLink to={paths.competition(competition.id)} variant="outline">
              View Competition
            </ButtonLink>
            <ButtonLink to={paths.featuredOnHome}>View More Competitions</ButtonLink>
          </div>
        </div>
      )}
    </>
  );
}

/**
 * An entry this browser sent here that still waits for its fee is offered for
 * payment first; the form is for a new entry, chosen on purpose. The form always sits in the same
 * place, hidden (so not sendable) while the kept entry is checked or offered: hearing the kept
 * entry again (another tab, Back) never remounts it and loses the pictures chosen.
 */
function OpenRegistration({ competition, formFields }: FormData) {
  const { kept, forget } = useKeptUnpaidEntry(competition.id);
  const [startedAfresh, setStartedAfresh] = useState(false);
  // What the artist typed for the entry just withdrawn: the new entry starts from it.
  const [carried, setCarried] = useState<RegistrationDraft | null>(null);
  return (
    <>
      {kept.receipt ? (
        <Suspense
          fallback={
            <p role="status" className="mt-8 min-h-screen text-lg">
              {CHECKING_UNPAID_ENTRY}
            </p>
          }
        >
          <UnpaidEntryGate
            kept={kept}
            onGone={forget}
            onStartAnother={() => {
              setCarried(loadUnpaidEntryDraft(competition.id));
              forget();
              setStartedAfresh(true);
            }}
          />
        </Suspense>
      ) : null}
      <div hidden={kept.receipt !== null}>
        <RegistrationForm
          competition={competition}
          formFields={formFields}
          focusFirst={startedAfresh}
          restore={carried}
        />
      </div>
    </>
  );
}
