import { useId, useRef } from 'react';
import {
  EMAIL_TEMPLATE_LABELS,
  EMAIL_TEMPLATE_MESSAGES,
  type EmailTemplate,
} from '../../../../shared/schemas/email-template.ts';
import { Button } from '../../../components/button.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { ConfirmDialog } from '../common/dialogs/confirm-dialog.tsx';
import { Field, TextAreaField } from '../common/forms/form-fields.tsx';
import { FOCUS_RING, FormAlert } from '../common/shell/admin-page.tsx';
import { PlaceholderList, PreviewView, TemplateState } from './template-parts.tsx';
import { useTemplateEditor } from './use-template-editor.ts';

/** Save and Preview while a request runs: dimmed, still focusable. */
const WAITING = 'aria-disabled:cursor-wait aria-disabled:opacity-60';

/** One template's section: its state, its form, its placeholders, its preview. */
export function TemplateEditor({ initial }: { initial: EmailTemplate }) {
  const { kind } = initial;
  const label = EMAIL_TEMPLATE_LABELS[kind];
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { form, template, preview, setPreview, busy, save, showPreview, reset } = useTemplateEditor(
    initial,
    heading,
  );
  const { errors, isDirty } = form.formState;
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
