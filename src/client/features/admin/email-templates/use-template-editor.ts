import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type BaseSyntheticEvent, type RefObject, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  EMAIL_TEMPLATE_MESSAGES,
  type EmailPreview,
  type EmailTemplate,
  type EmailTemplateInput,
  type EmailTemplateKind,
} from '../../../../shared/schemas/email-template.ts';
import { useToast } from '../../../components/toast.tsx';
import { useConfirmAction } from '../common/dialogs/use-confirm-action.ts';
import { withReason } from '../common/failure-messages.ts';
import { showRequestError } from '../common/forms/form-errors.ts';
import { previewTemplate, resetTemplate, saveTemplate } from './api/email-templates.ts';
import { EMAIL_TEMPLATE_FAILURES } from './email-template-failures.ts';
import { templateFormSchema, type TemplateFormSchema } from './template-form-schema.ts';

/**
 * One template's form: saved, previewed and reset on its own, one request at a time; what is
 * typed survives the other templates' saves and resets. `heading`: where focus waits once
 * 'Reset to default' goes with the wording it reset.
 */
export function useTemplateEditor(
  initial: EmailTemplate,
  heading: RefObject<HTMLHeadingElement | null>,
) {
  const { kind } = initial;
  const saving = useMutation({ mutationFn: saveTemplate });
  const previewing = useMutation({ mutationFn: previewTemplate });
  const resetting = useMutation({ mutationFn: resetTemplate });
  const { showToast } = useToast();
  // The template as last saved: its state, and whether there is anything to reset.
  const [template, setTemplate] = useState(initial);
  const [preview, setPreview] = useState<EmailPreview | null>(null);

  const resolver = useMemo(() => zodResolver(templateFormSchema(kind)), [kind]);
  const form = useForm<z.input<TemplateFormSchema>, unknown, EmailTemplateInput>({
    resolver,
    defaultValues: { subject: initial.subject, body: initial.body },
  });

  const showSaved = (saved: EmailTemplate) => {
    setTemplate(saved);
    form.reset({ subject: saved.subject, body: saved.body });
  };

  // One request at a time. aria-disabled rather than disabled while it runs: a disabled button
  // would drop the focus.
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = (
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
    run(event, EMAIL_TEMPLATE_FAILURES.save, async (values) => {
      const saved = await saving.mutateAsync({ kind, values });
      showSaved(saved);
      showToast(EMAIL_TEMPLATE_MESSAGES.saved, { variant: 'success' });
    });

  // What is in the form, saved or not: the admin sees a change before making it.
  const showPreview = (event?: BaseSyntheticEvent) =>
    run(event, EMAIL_TEMPLATE_FAILURES.preview, async (values) => {
      const filled = await previewing.mutateAsync({ kind, values });
      setPreview(filled);
    });

  const reset = useConfirmAction({
    act: (target: EmailTemplateKind) => resetting.mutateAsync(target),
    done: (_target, defaults) => {
      showSaved(defaults);
      showToast(EMAIL_TEMPLATE_MESSAGES.reset, { variant: 'success' });
    },
    failure: (error) => withReason(EMAIL_TEMPLATE_FAILURES.reset, error),
    // 'Reset to default' goes with the wording it reset: focus waits on the template's heading.
    focusAfter: heading,
  });

  return { form, template, preview, setPreview, busy, save, showPreview, reset };
}
