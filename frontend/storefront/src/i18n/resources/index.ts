import { LANGUAGES, type Language, type Namespace } from '../options';
import { auth } from './auth';
import { balance } from './balance';
import { common } from './common';
import { coverage } from './coverage';
import { home } from './home';
import { info } from './info';
import { install } from './install';
import { legal } from './legal';
import { shop } from './shop';

export const NAMESPACES = {
  common,
  auth,
  balance,
  coverage,
  home,
  info,
  install,
  legal,
  shop,
} as const satisfies Record<Namespace, unknown>;

/** tr and en resources, namespace by namespace. */
export const resources = Object.fromEntries(
  LANGUAGES.map((lng) => [lng, Object.fromEntries(Object.entries(NAMESPACES).map(([ns, texts]) => [ns, texts[lng]]))]),
) as unknown as Record<Language, Record<Namespace, Record<string, unknown>>>;
