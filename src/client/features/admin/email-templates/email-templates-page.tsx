import { zodResolver } from '@hookform/resolvers/zod';
import { type BaseSyntheticEvent, Fragment, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  EMAIL_TEMPLATE_LABELS,
  EMAIL_TEMPLATE_MESSAGES,
  EMAIL_TEMPLATES_PATH,
  type EmailPreview,
  type EmailTemplate,
  type EmailTemplateInput,
  EmailTemplateInputSchema,
  type EmailTemplateKind,
  PLACEHOLDER_MEANINGS,
  TEMPLATE_PLACEHOLDERS,
  unknownPlaceholderMessage,
  unknownPlaceholders,
} from '../../../../shared/schemas/email-template.ts';
import { Button } from '../../../components/button.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useToast } from '../../../components/toast.tsx';
import { ConfirmDialog } from '../common/dialogs/confirm-dialog.tsx';
import { useConfirmAction } from '../common/dialogs/use-confirm-action.ts';
import { withReason, withSeedMessage } from '../common/failure-messages.ts';
import { formatInstant } from '../common/format-instant.ts';
import { showRequestError } from '../common/forms/form-errors.ts';
import { Field, RequiredNote, TextAreaField } from '../common/forms/form-fields.tsx';
import { MessageBodies } from '../common/message-bodies.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { useAdminFetch } from '../common/session.tsx';
import { AdminPage, FOCUS_RING, FormAlert, MUTED_TEXT } from '../common/shell/admin-page.tsx';
import { useAdminResource } from '../common/use-admin-resource.ts';
import { previewPath, templatePath } from './email-templates-api.ts';

/** The screen's failure messages, worded as the seed words its others (§8). */
export const EMAIL_TEMPLATE_FAILURES = {
  fetch: 'Failed to fetch e-mail templates',
  save: 'Failed to save template',
  reset: 'Failed to reset template',
  preview: 'Failed to preview template',
} as const;

/** Save and Preview while a request runs: dimmed, still focusable. */
const WAITING = 'aria-disabled:cursor-wait aria-disabled:opacity-60';

/**
 * The shared rules, and a placeholder this template does not know refused on its field before
 * anything is sent (the server refuses it too, with the same message).
 */
function templateFormSchema(kind: EmailTemplateKind) {
  const knownOnly = (text: z.ZodString, field: 'subject' | 'body') =>
    text.superRefine((value, context) => {
      const unknown = unknownPlaceholders(kind, value, field);
      if (unknown.length > 0) {
        const message = unknownPlaceholderMessage(kind, unknown, field);
        context.addIssue({ code: 'custom', message });
      }
    });
  const { subject, body } = EmailTemplateInputSchema.shape;
  return z.strictObject({
    subject: knownOnly(subject, 'subject'),
    body: knownOnly(body, 'body'),
  });
}
type TemplateFormSchema = ReturnType<typeof templateFormSchema>;

/**
 * Issue 14 item 4: the wording of the e-mails artists get, one form per template, each saved,
 * previewed and reset on its own; what is typed in one survives the others' saves and resets.
 */
export default function EmailTemplatesPage() {
  const templates = useAdminResource<EmailTemplate[]>(EMAIL_TEMPLATES_PATH);
  return (
    <AdminPage title="E-mail Templates">
      <div className={`flex max-w-prose flex-col gap-2 ${MUTED_TEXT}`}>
        <p>
          These are the messages artists receive from the site. Words in braces, such as{' '}
          <code>{'{name}'}</code>, are placeholders: each message gets the entry&rsquo;s own. The
          HTML version of each message is made from its text.
        </p>
        <p>
          A saved change applies to the messages written after it; those already in the Outbox keep
          their words.
        </p>
      </div>
      <RequiredNote />
      <ResourceView resource={withSeedMessage(templates, EMAIL_TEMPLATE_FAILURES.fetch)}>
        {(list) => (
          <div className="flex flex-col gap-8">
            {list.map((template) => (
              <TemplateEditor key={template.kind} initial={template} />
            ))}
          </div>
        )}
      </ResourceView>
    </AdminPage>
  );
}

function TemplateEditor({ initial }: { initial: EmailTemplate }) {
  const { kind } = initial;
  const label = EMAIL_TEMPLATE_LABELS[kind];
  const adminFetch = useAdminFetch();
  const { showToast } = useToast();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The template as last saved: its state, and whether there is anything to reset.
  const [template, setTemplate] = useState(initial);
  const [preview, setPreview] = useState<EmailPreview | null>(null);

  const resolver = useMemo(() => zodResolver(templateFormSchema(kind)), [kind]);
  const form = useForm<z.input<TemplateFormSchema>, unknown, EmailTemplateInput>({
    resolver,
    defaultValues: { subject: initial.subject, body: initial.body },
  });
  const { errors, isDirty } = form.formState;

  const showSaved = (saved: EmailTemplate) => {
    setTemplate(saved);
    form.reset({ subject: saved.subject, body: saved.body });
  };

  // One request at a time. aria-disabled rather than disabled while it runs: a disabled button
  // would drop the focus.
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const send = (
    event: BaseSyntheticEvent | undefined,
    failure: string,
    request: (values: EmailTemplateInput) => Promise<void>,
  ) =>
    form.handleSubmit(async (values) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setBusy(true);
      try {
        await request(values);
      } catch (error) {
        showRequestError(form, error);
        showToast(withReason(failure, error), { variant: 'error' });
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    })(event);

  const save = (event?: BaseSyntheticEvent) =>
    send(event, EMAIL_TEMPLATE_FAILURES.save, async (values) => {
      const saved = await adminFetch<EmailTemplate>(templatePath(kind), {
        method: 'PUT',
        body: JSON.stringify(values),
      });
      showSaved(saved);
      showToast(EMAIL_TEMPLATE_MESSAGES.saved, { variant: 'success' });
    });

  // What is in the form, saved or not: the admin sees a change before making it.
  const showPreview = (event?: BaseSyntheticEvent) =>
    send(event, EMAIL_TEMPLATE_FAILURES.preview, async (values) => {
      const filled = await adminFetch<EmailPreview>(previewPath(kind), {
        method: 'POST',
        body: JSON.stringify(values),
      });
      setPreview(filled);
    });

  const reset = useConfirmAction({
    act: (target: EmailTemplateKind) =>
      adminFetch<EmailTemplate>(templatePath(target), { method: 'DELETE' }),
    done: (_target, defaults) => {
      showSaved(defaults);
      showToast(EMAIL_TEMPLATE_MESSAGES.reset, { variant: 'success' });
    },
    failure: (error) => withReason(EMAIL_TEMPLATE_FAILURES.reset, error),
    // 'Reset to default' goes with the wording it reset: focus waits on the template's heading.
    focusAfter: heading,
  });

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800"
    >
      <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2
          ref={heading}
          id={headingId}
          tabIndex={-1}
          className={`rounded text-xl font-bold ${FOCUS_RING}`}
        >
          {label}
        </h2>
        <TemplateState template={template} unsaved={isDirty} />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <form
          noValidate
          onSubmit={(event) => void save(event)}
          className="flex min-w-0 flex-col gap-4"
        >
          <FormAlert message={errors.root?.message} />
          <Field
            label="Subject"
            required
            autoComplete="off"
            error={errors.subject?.message}
            {...form.register('subject')}
          />
          <TextAreaField
            label="Message"
            required
            rows={16}
            hint="Plain text. In the HTML version a blank line starts a new paragraph, and lines starting '- ' make a list."
            error={errors.body?.message}
            {...form.register('body')}
          />
          <div className="flex flex-wrap gap-3">
            {/* Four sections share these names: each button is described by its template. */}
            <Button
              type="submit"
              aria-disabled={busy || undefined}
              aria-describedby={headingId}
              className={WAITING}
            >
              Save
            </Button>
            <Button
              variant="secondary"
              aria-disabled={busy || undefined}
              aria-describedby={headingId}
              className={WAITING}
              onClick={(event) => void showPreview(event)}
            >
              Preview
            </Button>
            {template.customized ? (
              <Button
                variant="outline"
                // Not while a save runs: the two answers could arrive in either order.
                aria-disabled={busy || undefined}
                aria-describedby={headingId}
                className={WAITING}
                onClick={() => {
                  if (!busy) reset.ask(kind);
                }}
              >
                Reset to default
              </Button>
            ) : null}
          </div>
        </form>
        <PlaceholderList kind={kind} />
      </div>
      <ConfirmDialog
        {...reset.dialog}
        title={`Reset ${label}`}
        question={EMAIL_TEMPLATE_MESSAGES.resetQuestion}
        confirmLabel="Reset"
      />
      <ModalDialog
        open={preview !== null}
        title={`Preview: ${label}`}
        onClose={() => setPreview(null)}
        form
      >
        {preview ? <PreviewView preview={preview} /> : null}
      </ModalDialog>
    </section>
  );
}

const BADGE = 'inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';

/** 'Default' or 'Edited' (with when), and 'Unsaved changes' while the form differs from it. */
function TemplateState({ template, unsaved }: { template: EmailTemplate; unsaved: boolean }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      {template.customized ? (
        <span className={`${BADGE} bg-blue-100 text-blue-950 dark:bg-blue-950 dark:text-blue-100`}>
          Edited
        </span>
      ) : (
        <span className={`${BADGE} bg-gray-200 text-gray-900 dark:bg-gray-800 dark:text-gray-100`}>
          Default
        </span>
      )}
      {template.customized && template.updatedAt ? (
        <span className={MUTED_TEXT}>
          Saved <time dateTime={template.updatedAt}>{formatInstant(template.updatedAt)}</time>
        </span>
      ) : null}
      {unsaved ? (
        <span
          className={`${BADGE} bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100`}
        >
          Unsaved changes
        </span>
      ) : null}
    </p>
  );
}

/** The placeholders this template takes, each with what it is filled with. */
function PlaceholderList({ kind }: { kind: EmailTemplateKind }) {
  return (
    <div className="self-start rounded-lg bg-gray-50 p-4 text-sm dark:bg-gray-900">
      <h3 className="mb-2 font-semibold">Placeholders</h3>
      <dl className="flex flex-col gap-2">
        {TEMPLATE_PLACEHOLDERS[kind].map((name) => (
          <Fragment key={name}>
            <dt>
              <code className="font-semibold break-all">{`{${name}}`}</code>
            </dt>
            <dd className={`-mt-1 ${MUTED_TEXT}`}>{PLACEHOLDER_MEANINGS[name]}</dd>
          </Fragment>
        ))}
      </dl>
    </div>
  );
}

/** The template filled with a sample entry: its subject, then the message's two bodies. */
function PreviewView({ preview }: { preview: EmailPreview }) {
  return (
    <div className="flex flex-col gap-6">
      <p className={`text-sm ${MUTED_TEXT}`}>
        Filled with a sample entry, from the words in the form, saved or not.
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-semibold">Subject</dt>
        <dd className="break-words">{preview.subject}</dd>
      </dl>
      <MessageBodies text={preview.text} html={preview.html} htmlOpen />
    </div>
  );
}
