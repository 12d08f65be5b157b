import { textsOf } from './texts';

// Only the 'en' half of each resource file (the i18n-language build plugin cuts it out).
export default textsOf(
  import.meta.glob<Record<string, Record<string, unknown>>>(['../resources/*.ts', '!../resources/index.ts'], {
    query: { lng: 'en' },
    eager: true,
  }),
);
