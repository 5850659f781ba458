import { GST_RATE_MAX } from '../../../../shared/schemas/seller.ts';
import { Field, TextAreaField } from '../common/forms/form-fields.tsx';
import { Section } from '../common/shell/admin-page.tsx';
import type { SettingsForm } from './site-settings-sections.tsx';

/** An empty rate is no GST; the browser's number field gives text. */
const rateOf = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** The art space as its receipts name it, each optional, and whether a withdrawal is refunded. */
export function ReceiptsSection({ form }: { form: SettingsForm }) {
  const { errors } = form.formState;
  return (
    <Section title="Receipts">
      <div className="flex max-w-2xl flex-col gap-4">
        <Field
          label="Legal name"
          hint="The name on receipts; the site's title when empty."
          autoComplete="organization"
          error={errors.legalName?.message}
          {...form.register('legalName')}
        />
        <TextAreaField
          label="Legal address"
          autoComplete="street-address"
          error={errors.legalAddress?.message}
          {...form.register('legalAddress')}
        />
        <Field
          label="GSTIN"
          hint="15 characters, like 29ABCDE1234F1Z5. Leave empty when not registered."
          autoComplete="off"
          maxLength={15}
          error={errors.gstin?.message}
          {...form.register('gstin')}
        />
        <Field
          label="GST rate (%)"
          type="number"
          inputMode="decimal"
          min={0}
          max={GST_RATE_MAX}
          step="0.01"
          hint="Prices include it; receipts show the tax included. Leave empty for none."
          error={errors.gstRate?.message}
          {...form.register('gstRate', { setValueAs: rateOf })}
        />
        <Field
          label="Refund the fee when an artist withdraws their entry"
          type="checkbox"
          hint="Off: a withdrawn entry's fee is kept, as the Terms say fees are not refundable unless stated. On: it is refunded in full when the artist withdraws before the close."
          error={errors.refundOnArtistWithdrawal?.message}
          {...form.register('refundOnArtistWithdrawal')}
        />
      </div>
    </Section>
  );
}
