import { Typography } from '@mui/material';
import { ArrayInput, maxLength, required, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';

/** A list of selling points, each in Turkish and English, under its heading (packages and countries carry them alike). */
export function FeaturesInput({ heading }: { heading: string }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {translate(heading)}
      </Typography>
      <ArrayInput source="features" label={false}>
        <SimpleFormIterator inline disableReordering>
          <TextInput source="tr" label="app.admin_packages.feature_tr" validate={[required(), maxLength(200)]} />
          <TextInput source="en" label="app.admin_packages.feature_en" validate={[required(), maxLength(200)]} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
