import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type Juror, JurorInviteSchema } from '../../../../shared/schemas/jury.ts';
import { Button } from '../../../components/button.tsx';
import { showRequestError } from '../common/forms/form-errors.ts';
import { Field, FormHead } from '../common/forms/form-fields.tsx';
import { inviteJuror } from './api/jurors.ts';

/** A new juror's name and e-mail; the server e-mails them a link to choose a password. */
export function InviteJurorForm({
  nameRef,
  onInvited,
}: {
  nameRef: RefObject<HTMLInputElement | null>;
  onInvited: (juror: Juror) => void;
}) {
  const inviting = useMutation({ mutationFn: inviteJuror });
  const form = useForm<
    z.input<typeof JurorInviteSchema>,
    unknown,
    z.output<typeof JurorInviteSchema>
  >({
    resolver: zodResolver(JurorInviteSchema),
    defaultValues: { name: '', email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const juror = await inviting.mutateAsync(values);
      form.reset();
      onInvited(juror);
    } catch (error) {
      showRequestError(form, error);
    }
  });
  const name = form.register('name');

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Invite juror"
      className="flex max-w-md flex-col gap-4"
    >
      <FormHead alert={errors.root?.message} />
      <Field
        label="Name"
        required
        autoComplete="off"
        maxLength={100}
        error={errors.name?.message}
        {...name}
        ref={(element) => {
          name.ref(element);
          nameRef.current = element;
        }}
      />
      <Field
        label="E-mail"
        type="email"
        required
        autoComplete="off"
        hint="The invitation to choose a password is sent here"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Inviting…' : 'Invite juror'}
        </Button>
      </div>
    </form>
  );
}
