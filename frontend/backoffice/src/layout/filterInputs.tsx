import { lazy } from 'react';

/**
 * react-admin's inputs for list filters, loaded with the list toolbar (layout/ListPage) instead of
 * with the page: a list page builds its filter elements from these, so the form library they need
 * stays out of the code a list needs to show its rows.
 */
const inputs = () => import('./filterInputsCode');

export const SearchInput = lazy(() => inputs().then((m) => ({ default: m.SearchInput })));
export const SelectInput = lazy(() => inputs().then((m) => ({ default: m.SelectInput })));
export const TextInput = lazy(() => inputs().then((m) => ({ default: m.TextInput })));
export const DateInput = lazy(() => inputs().then((m) => ({ default: m.DateInput })));
export const NumberInput = lazy(() => inputs().then((m) => ({ default: m.NumberInput })));
export const BooleanInput = lazy(() => inputs().then((m) => ({ default: m.BooleanInput })));
export const NullableBooleanInput = lazy(() => inputs().then((m) => ({ default: m.NullableBooleanInput })));
export const AutocompleteInput = lazy(() => inputs().then((m) => ({ default: m.AutocompleteInput })));
export const ReferenceInput = lazy(() => inputs().then((m) => ({ default: m.ReferenceInput })));
