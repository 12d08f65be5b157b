import { Component, use, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Route, Routes, useLocation, type RouteObject } from 'react-router';
import { Layout } from './layout/Layout';
import { ErrorScreen } from './layout/ErrorScreen';

type PageModule = { default: ComponentType };

/**
 * A page in a chunk of its own, loaded when its route is visited. `preload` lets the start-up
 * load the first page before hydrating, so the page renders at once instead of suspending.
 */
function page(load: () => Promise<PageModule>) {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => (loading ??= load().then((module) => void (Loaded = module.default)));
  function Page() {
    if (!Loaded) use(preload());
    return Loaded ? <Loaded /> : null;
  }
  return { Page, preload };
}

/** The storefront's pages under the layout ("" is the home page). */
const PAGES: Array<[path: string, ReturnType<typeof page>]> = [
  ['', page(() => import('./features/home/HomePage'))],
  ['login', page(() => import('./auth/LoginPage'))],
  ['register', page(() => import('./auth/RegisterPage'))],
  ['forgot-password', page(() => import('./auth/ForgotPasswordPage'))],
  ['reset-password', page(() => import('./auth/ResetPasswordPage'))],
  ['packages', page(() => import('./features/catalog/PackagesPage'))],
  ['packages/:country', page(() => import('./features/catalog/CountryPage'))],
  ['order/:id', page(() => import('./features/order/OrderPage'))],
  ['install/:token', page(() => import('./features/install/InstallPage'))],
  ['balance', page(() => import('./features/balance-check/BalancePage'))],
  ['coverage', page(() => import('./features/coverage-map/CoveragePage'))],
  ['trip-planner', page(() => import('./features/trip-planner/TripPlannerPage'))],
  ['quick-guide', page(() => import('./features/info/QuickGuidePage'))],
  ['faq', page(() => import('./features/faq/FaqPage'))],
  ['why-esim', page(() => import('./features/info/WhyPage'))],
  ['about', page(() => import('./features/info/AboutPage'))],
  ['how-it-works', page(() => import('./features/info/HowItWorksPage'))],
  ['euicc', page(() => import('./features/info/EuiccPage'))],
  ['partnership', page(() => import('./features/info/PartnershipPage'))],
  ['contact', page(() => import('./features/info/ContactPage'))],
  ['help-center', page(() => import('./features/info/HelpCenterPage'))],
  ['demo', page(() => import('./features/info/DemoPage'))],
  ['privacy', page(() => import('./features/policy/PrivacyPage'))],
  ['terms', page(() => import('./features/policy/TermsPage'))],
  ['cookies', page(() => import('./features/policy/CookiesPage'))],
  ['refund-policy', page(() => import('./features/policy/RefundPolicyPage'))],
  ['*', page(() => import('./layout/NotFoundPage'))],
];

/** The paths the router shows a page for (the build lists them for the gateway, which answers any other path 404). */
export const ROUTE_PATTERNS = PAGES.map(([path]) => `/${path}`).filter((path) => path !== '/*');

/** Loads the chunk of the page a path shows (before hydrating it). */
export async function preloadPage(pathname: string): Promise<void> {
  const children = PAGES.map(([path], id): RouteObject =>
    path ? { path, id: String(id) } : { index: true, id: String(id) },
  );
  const tree: RouteObject[] = [{ path: '/', children }];
  const matches = matchRoutes(tree, pathname) ?? [];
  await Promise.all(matches.map((match) => (match.route.id ? PAGES[Number(match.route.id)]![1].preload() : undefined)));
}

/**
 * The fallback for a failure while rendering a page (docs/product.md, Fixed texts): 'Unexpected Application Error!'
 * instead of the layout (what a data router's errorElement does). A new path clears it.
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; pathname: string },
  { error: unknown; pathname: string }
> {
  override state = { error: undefined as unknown, pathname: this.props.pathname };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(props: { pathname: string }, state: { error: unknown; pathname: string }) {
    return props.pathname === state.pathname ? null : { error: undefined, pathname: props.pathname };
  }
  override render() {
    return this.state.error === undefined ? this.props.children : <ErrorScreen error={this.state.error} />;
  }
}

/** A path only the catch-all matches: the not-found page. */
export const NOT_FOUND_PATH = '/404';

/**
 * The storefront's routes (the router itself is the browser's, or the prerender's static one).
 * `notFoundAt`: a path the server answered with the not-found page (a country it does not sell),
 * shown as such until the visitor goes elsewhere.
 */
export function AppRoutes({ notFoundAt }: { notFoundAt?: string } = {}) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Routes location={notFoundAt !== undefined && pathname === notFoundAt ? NOT_FOUND_PATH : undefined}>
        <Route path="/" element={<Layout />}>
          {PAGES.map(([path, { Page }]) =>
            path ? <Route key={path} path={path} element={<Page />} /> : <Route key="" index element={<Page />} />,
          )}
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
