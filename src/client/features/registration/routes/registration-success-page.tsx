import { Navigate, useLocation } from 'react-router';
import { formatRupees } from '../../../../shared/domain/money.ts';
import { ButtonLink } from '../../../components/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useBrowserValue } from '../../../lib/browser-value.ts';
import { usePageTitle } from '../../../lib/settings.tsx';
import { type KeptReceipt, readReceipt } from '../registration-api.ts';
import { EmailAddress } from '../../../components/email-address.tsx';

/**
 * Seed §2 "Registration success", with the entry's receipt: handed over by the
 * form, or kept for this tab so a reload still shows it.
 */
export default function RegistrationSuccessPage() {
  usePageTitle('Registration Successful!');
  const { state } = useLocation();
  // The server knows no receipt: it draws the page without one, and the browser adds it.
  const receipt = useBrowserValue(() => readReceipt(state), null);
  // An entry whose fee is not received is no success; its entry page offers the payment.
  if (receipt?.entryType === 'paid' && receipt.paymentStatus === 'pending') {
    return <Navigate to={paths.entryOf(receipt.entryToken)} replace />;
  }
  return (
    <section className="mx-auto max-w-3xl px-4 pt-8 pb-16 text-center sm:pt-12">
      <div
        aria-hidden="true"
        className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-10 w-10"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        >
          <path d="M5 13l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <h1 className="mt-6 text-3xl font-bold sm:text-4xl">Registration Successful!</h1>
      <p className="mt-4 text-lg text-gray-700 dark:text-gray-300">
        Thank you for registering. We have received your submission and it is now under review. We
        will contact you with further details soon.
      </p>
      {receipt ? <Receipt receipt={receipt} /> : null}
      <div className="mt-10 grid gap-6 text-left sm:grid-cols-2">
        <div className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
          <h2 className="text-xl font-semibold">Next Steps</h2>
          <p className="mt-2 text-gray-700 dark:text-gray-300">
            Our judges will review your submission. The results will be notified to you by email.
          </p>
        </div>
        <div className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
          <h2 className="text-xl font-semibold">Stay Updated</h2>
          <p className="mt-2 text-gray-700 dark:text-gray-300">
            Keep an eye on your inbox, including the spam folder, and follow our upcoming
            competitions on this website.
          </p>
        </div>
      </div>
      <div className="mt-10 flex flex-wrap justify-center gap-4">
        <ButtonLink to={paths.home} size="lg">
          Return Home
        </ButtonLink>
        <ButtonLink to={paths.featuredOnHome} size="lg" variant="outline">
          View More Competitions
        </ButtonLink>
      </div>
    </section>
  );
}

/** What a paid competition's entry cost: the fee paid, or that a code left nothing to pay. */
export function paymentLine({ entryFee, code }: Pick<KeptReceipt, 'entryFee' | 'code'>): string {
  if (entryFee > 0) return `Paid: ${formatRupees(entryFee)}`;
  return code ? `Fee waived with the code ${code}` : 'No fee to pay';
}

function Receipt({ receipt }: { receipt: KeptReceipt }) {
  return (
    <div className="mt-8 rounded-2xl border-2 border-primary p-6 text-left">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-gray-700 dark:text-gray-300">Your reference</dt>
          <dd className="text-2xl font-bold tracking-wide">{receipt.reference}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-gray-700 dark:text-gray-300">Competition</dt>
          <dd className="text-lg font-semibold">{receipt.competition.title}</dd>
        </div>
        {receipt.entryType === 'paid' ? (
          <div className="sm:col-span-2">
            <dt className="text-sm font-medium text-gray-700 dark:text-gray-300">Payment</dt>
            <dd className="text-lg font-semibold">{paymentLine(receipt)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-4 text-gray-700 dark:text-gray-300">
        A confirmation e-mail with this reference is on its way to{' '}
        <span className="font-semibold">
          <EmailAddress address={receipt.email} />
        </span>
        . Please quote the reference if you write to us.
      </p>
    </div>
  );
}
