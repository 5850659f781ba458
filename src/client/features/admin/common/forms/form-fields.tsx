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
