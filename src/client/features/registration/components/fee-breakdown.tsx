import { useEffect, useState } from 'react';
import { formatRupees } from '../../../../shared/domain/money.ts';
import { PRICE_TIER_LABELS, type PriceBreakdown } from '../../../../shared/domain/pricing.ts';
import type { PublicCompetition } from '../../../../shared/schemas/competition.ts';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/form-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { RegistrationFormApi } from '../registration-form-values.ts';
import { fetchQuote } from '../quote-api.ts';

/** Shown while the server's price is asked for, and when it cannot be. */
export const FEE_MESSAGES = {
  loading: 'Working out the fee…',
  failed: 'The fee could not be worked out just now. It is shown again before you pay.',
} as const;

/**
 * A paid competition's fee before payment: "Have a code?" and the breakdown the server will
 * charge (the tier in force, the first work, each further work, the code's discount, the total),
 * asked again when the number of works or the code applied changes. The total is announced
 * politely when it changes. The code typed is sent with the registration, checked again there.
 */
export function FeeBreakdown({
  competition,
  form,
  works,
}: {
  competition: PublicCompetition;
  form: RegistrationFormApi;
  works: number;
}) {
  const [applied, setApplied] = useState('');
  const [quote, setQuote] = useState<PriceBreakdown | 'failed' | null>(null);
  const [codeError, setCodeError] = useState<string>();
  const competitionId = competition.id;

  useEffect(() => {
    const aborted = new AbortController();
    const email = form.getValues('email').trim();
    fetchQuote(
      competitionId,
      { works, ...(applied ? { code: applied, ...(email ? { email } : {}) } : {}) },
      aborted.signal,
    ).then(setQuote, (error: unknown) => {
      if (aborted.signal.aborted) return;
      const refusal = error instanceof ApiError ? error.fields?.code : undefined;
      if (refusal) {
        setCodeError(refusal);
        // The price without it, which is what would be charged.
        setApplied('');
      } else setQuote('failed');
    });
    return () => aborted.abort();
  }, [competitionId, works, applied, form]);

  const apply = () => {
    setCodeError(undefined);
    setApplied(form.getValues('code').trim().toUpperCase());
  };
  const error = form.formState.errors.code?.message ?? codeError;

  return (
    <section aria-labelledby="entry-fee" className="flex flex-col gap-4">
      <h2 id="entry-fee" className="text-xl font-semibold">
        Entry fee
      </h2>
      <div className="flex flex-wrap items-start gap-3">
        <Field
          label="Have a code?"
          autoComplete="off"
          hint="A discount or waiver code, if you were given one"
          error={error}
          className="max-w-xs grow"
          {...form.register('code')}
        />
        <Button type="button" variant="secondary" className="mt-7" onClick={apply}>
          Apply code
        </Button>
      </div>
      <FeeLines quote={quote} />
    </section>
  );
}

function FeeLines({ quote }: { quote: PriceBreakdown | 'failed' | null }) {
  if (quote === null) return <p role="status">{FEE_MESSAGES.loading}</p>;
  if (quote === 'failed') return <p role="status">{FEE_MESSAGES.failed}</p>;
  return (
    <>
      <dl className="grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1">
        <dt>Price</dt>
        <dd>{PRICE_TIER_LABELS[quote.tier]}</dd>
        {quote.lines.map((line) => (
          <FeeLine key={line.kind} label={line.label} amount={line.amount} />
        ))}
      </dl>
      <p role="status" className="text-lg font-semibold">
        Total: {formatRupees(quote.net)}
      </p>
    </>
  );
}

function FeeLine({ label, amount }: { label: string; amount: number }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className="text-right">
        {amount < 0 ? `−${formatRupees(-amount)}` : formatRupees(amount)}
      </dd>
    </>
  );
}
