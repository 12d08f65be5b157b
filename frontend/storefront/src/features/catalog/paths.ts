/** The catalog's answer of a country's packages (its page, the /packages plans, the prerender's embedded answers). */
export const countryPackagesPath = (slug: string) => `/public/countries/${encodeURIComponent(slug)}/packages`;
