import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { CountryPackages } from './types';

/** The package answers of several countries at once (the gateway and catalog cache each one). */
export function useCountryPackages(slugs: readonly string[]): { answers: CountryPackages[]; loading: boolean } {
  const { i18n } = useTranslation();
  const key = slugs.join(',');
  const [state, setState] = useState<{ key: string; answers: CountryPackages[] }>({ key: '', answers: [] });
  useEffect(() => {
    if (!key) return;
    let live = true;
    Promise.all(
      key
        .split(',')
        .map((slug) =>
          api.get<CountryPackages>(`/public/countries/${encodeURIComponent(slug)}/packages`).catch(() => null),
        ),
    ).then((answers) => {
      if (live) setState({ key, answers: answers.filter((a): a is CountryPackages => a !== null) });
    });
    return () => {
      live = false;
    };
  }, [key, i18n.resolvedLanguage]);
  return { answers: key ? (state.key === key ? state.answers : []) : [], loading: !!key && state.key !== key };
}
