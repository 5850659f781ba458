import { type FormEvent, type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { VOTE_MESSAGES, VoteCodeRequestSchema } from '../../../../shared/schemas/votes.ts';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/form-fields.tsx';
import { ApiError, ERROR_MESSAGES } from '../../../lib/api-client.ts';
import { castVote, confirmVoteCode, fetchMyVotes, requestVoteCode } from '../votes-api.ts';

type Step =
  | { name: 'loading' }
  | { name: 'email' }
  | { name: 'code'; sent: string }
  | { name: 'ready'; email: string }
  | { name: 'done'; message: string };

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : ERROR_MESSAGES.UNKNOWN_ERROR;

function emailProblem(email: string): string | undefined {
  const checked = VoteCodeRequestSchema.safeParse({ competitionId: 'x', email });
  return checked.success
    ? undefined
    : (checked.error.issues[0]?.message ?? 'Invalid email address');
}

function codeProblem(code: string): string | undefined {
  const trimmed = code.trim();
  if (trimmed === '') return VOTE_MESSAGES.codeRequired;
  return /^\d{6}$/.test(trimmed) ? undefined : VOTE_MESSAGES.codeInvalid;
}

/**
 * The vote dialog's steps: the address (skipped when this browser confirmed one in the last two
 * hours), the 6-digit code e-mailed to it, then the vote, cast as soon as the code is confirmed.
 */
export function VoteSteps({
  competitionId,
  workId,
  onDone,
}: {
  competitionId: string;
  workId: string;
  onDone: () => void;
}) {
  const [step, setStep] = useState<Step>({ name: 'loading' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string; code?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const focusRef = useRef<HTMLInputElement & HTMLButtonElement>(null);

  useEffect(() => {
    let live = true;
    fetchMyVotes(competitionId)
      .then((mine) => {
        if (!live) return;
        if (!mine.email) setStep({ name: 'email' });
        else if (mine.workIds.includes(workId))
          setStep({ name: 'done', message: VOTE_MESSAGES.alreadyVoted });
        else if (mine.votesLeft === 0)
          setStep({ name: 'done', message: VOTE_MESSAGES.noVotesLeft });
        else setStep({ name: 'ready', email: mine.email });
      })
      .catch(() => live && setStep({ name: 'email' }));
    return () => {
      live = false;
    };
  }, [competitionId, workId]);
  // Each step's first control takes the focus once drawn.
  useEffect(() => focusRef.current?.focus(), [step.name]);

  async function vote() {
    setBusy(true);
    try {
      const cast = await castVote(competitionId, workId);
      setStep({ name: 'done', message: cast.message });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setErrors({ form: VOTE_MESSAGES.notConfirmed });
        setStep({ name: 'email' });
      } else if (error instanceof ApiError && error.status === 409) {
        setStep({ name: 'done', message: error.message });
      } else setErrors({ form: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  async function ask(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(email);
    if (problem) return setErrors({ email: problem });
    setErrors({});
    setBusy(true);
    try {
      const { message } = await requestVoteCode(competitionId, email.trim());
      setCode('');
      setStep({ name: 'code', sent: message });
    } catch (error) {
      const field = error instanceof ApiError ? error.fields?.email : undefined;
      setErrors(field ? { email: field } : { form: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const problem = codeProblem(code);
    if (problem) return setErrors({ code: problem });
    setErrors({});
    setBusy(true);
    try {
      await confirmVoteCode(email.trim(), code.trim());
    } catch (error) {
      const field = error instanceof ApiError ? (error.fields?.code ?? error.message) : undefined;
      setErrors(field ? { code: field } : { form: messageOf(error) });
      setBusy(false);
      focusRef.current?.focus();
      return;
    }
    await vote();
  }

  const formError = errors.form ? (
    <p role="alert" className="font-medium text-red-800 dark:text-red-300">
      {errors.form}
    </p>
  ) : null;

  if (step.name === 'loading') return <p role="status">Loading…</p>;
  if (step.name === 'done') {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="text-lg font-medium">
          {step.message}
        </p>
        <div>
          <Button ref={focusRef} onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
    );
  }
  if (step.name === 'ready') {
    return (
      <div className="flex flex-col gap-4">
        {formError}
        <p>
          Voting as <strong className="break-all">{step.email}</strong>.
        </p>
        <div>
          <Button ref={focusRef} onClick={() => void vote()} disabled={busy}>
            {busy ? 'Voting…' : 'Cast my vote'}
          </Button>
        </div>
      </div>
    );
  }
  if (step.name === 'email') {
    return (
      <EmailForm
        {...{ email, setEmail, busy, focusRef, formError }}
        error={errors.email}
        onSubmit={(event) => void ask(event)}
      />
    );
  }
  return (
    <CodeForm
      {...{ code, setCode, busy, focusRef, formError }}
      sent={step.sent}
      error={errors.code}
      onSubmit={(event) => void confirm(event)}
      onAnotherAddress={() => setStep({ name: 'email' })}
    />
  );
}

interface StepProps {
  busy: boolean;
  focusRef: Ref<HTMLInputElement>;
  formError: ReactNode;
  error: string | undefined;
  onSubmit: (event: FormEvent) => void;
}

function EmailForm({
  email,
  setEmail,
  busy,
  focusRef,
  formError,
  error,
  onSubmit,
}: StepProps & { email: string; setEmail: (email: string) => void }) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError}
      <Field
        ref={focusRef}
        label="Your e-mail address"
        hint="We e-mail you a code to confirm it is yours. It is not shown to anyone."
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error}
      />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send me a code'}
        </Button>
      </div>
    </form>
  );
}

function CodeForm({
  code,
  setCode,
  sent,
  busy,
  focusRef,
  formError,
  error,
  onSubmit,
  onAnotherAddress,
}: StepProps & {
  code: string;
  setCode: (code: string) => void;
  sent: string;
  onAnotherAddress: () => void;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p role="status" className="font-medium text-green-800 dark:text-green-300">
        {sent}
      </p>
      {formError}
      <Field
        ref={focusRef}
        label="Code from the e-mail"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? 'Voting…' : 'Confirm and vote'}
        </Button>
        <Button variant="secondary" onClick={onAnotherAddress}>
          Use another address
        </Button>
      </div>
    </form>
  );
}
