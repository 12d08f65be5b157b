export {
  AutocompleteInput,
  BooleanInput,
  DateInput,
  NullableBooleanInput,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextInput,
} from 'react-admin';
