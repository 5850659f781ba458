// The labelled fields moved to src/client/components/form-fields.tsx, where the public
// registration form uses them too; the admin screens keep importing them from here.
export {
  borderFor,
  Field,
  FieldFrame,
  RequiredMark,
  RequiredNote,
  SelectField,
  type SelectOption,
  TextAreaField,
  useFieldWiring,
} from '../../../../components/form-fields.tsx';
import { RequiredNote } from '../../../../components/form-fields.tsx';
import { FormAlert } from '../shell/admin-page.tsx';

/** The top of an admin form: what went wrong with the last submit, then the note on the asterisk. */
export function FormHead({ alert }: { alert: string | undefined }) {
  return (
    <>
      <FormAlert message={alert} />
      <RequiredNote />
    </>
  );
}
