import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { forgetPrerenderedAnswer, sameOrFresh, usePrerenderedAnswers } from '../../lib/prerenderData';
import type { CountryPackages } from './types';
import { countryPackagesPath } from './paths';

/**
 * The package answers of several countries at once (the gateway and catalog cache each one),
 * starting from those the page was prerendered with.
 */
export function useCountryPackages(slugs: readonly string[]): { answers: CountryPackages[]; loading: boolean } {
  const { i18n } = useTranslation();
  const key = slugs.join(',');
  const prerendered = usePrerenderedAnswers<CountryPackages>(slugs.map(countryPackagesPath));
  const [state, setState] = useState<{ key: string; answers: CountryPackages[] }>(() =>
    key && prerendered.every(Boolean) ? { key, answers: prerendered as CountryPackages[] } : { key: '', answers: [] },
  );
  useEffect(() => {
    if (!key) return;
    let live = true;
    const paths = key.split(',').map(countryPackagesPath);
    Promise.all(paths.map((path) => api.get<CountryPackages>(path).catch(() => null))).then((answers) => {
      paths.forEach(forgetPrerenderedAnswer);
      const fresh = answers.filter((a): a is CountryPackages => a !== null);
      // A transition: React renders the list in short tasks.
      if (live)
        startTransition(() =>
          setState((s) => ({ key, answers: s.key === key ? sameOrFresh(s.answers, fresh) : fresh })),
        );
    });
    return () => {
      live = false;
    };
  }, [key, i18n.resolvedLanguage]);
  return { answers: key ? (state.key === key ? state.answers : []) : [], loading: !!key && state.key !== key };
}
