import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { filterFaq, type FaqCategory } from './faqSearch';
import { PageHeader } from '../../ui/PageHeader';
import { Seo } from '../../layout/Seo';
import { SearchField } from '../../ui/SearchField';

export default function FaqPage() {
  const { t } = useTranslation('info');
  const [search, setSearch] = useState('');
  const categories = filterFaq(t('faq.categories', { returnObjects: true }) as FaqCategory[], search);
  return (
    <>
      <Seo title={t('faq.seo.title')} description={t('faq.seo.description')} />
      <PageHeader title={t('faq.title')} />
      <Container maxWidth="md" sx={{ mt: 4 }}>
        <SearchField fullWidth label={t('faq.search')} value={search} onChange={setSearch} />
        {categories.length === 0 && (
          <Typography sx={{ mt: 3 }} color="text.secondary" role="status">
            {t('faq.noResults')}
          </Typography>
        )}
        {categories.map((category) => (
          <Box key={category.title} component="section" sx={{ mt: 4 }}>
            <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 1.5 }}>
              {category.title}
            </Typography>
            {category.items.map((item) => (
              <Accordion key={item.q} disableGutters variant="outlined" slotProps={{ heading: { component: 'h3' } }}>
                <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                  <Typography sx={{ fontWeight: 600 }}>{item.q}</Typography>
                </AccordionSummary>
                <AccordionDetails>
                  <Typography>{item.a}</Typography>
                </AccordionDetails>
              </Accordion>
            ))}
          </Box>
        ))}
      </Container>
    </>
  );
}
