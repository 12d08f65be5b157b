/** The top bar's links (wide screens), and the extra ones the mobile menu lists first. */
export const NAV_ITEMS = [
  { to: '/quick-guide', key: 'quickGuide' },
  { to: '/faq', key: 'faq' },
  { to: '/why-esim', key: 'whyUs' },
  { to: '/about', key: 'about' },
  { to: '/partnership', key: 'partnership' },
  { to: '/euicc', key: 'euicc' },
] as const;
export const MOBILE_EXTRA = [
  { to: '/packages', key: 'packages' },
  { to: '/coverage', key: 'coverage' },
  { to: '/balance', key: 'balance' },
  { to: '/trip-planner', key: 'tripPlanner' },
] as const;
