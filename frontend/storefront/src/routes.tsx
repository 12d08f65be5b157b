import type { RouteObject } from 'react-router';
import { Layout } from './layout/Layout';
import { ErrorScreen } from './pages/errors/ErrorScreen';

type PageModule = { default: React.ComponentType };
/** Each page is its own chunk, loaded when its route is visited. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <ErrorScreen />,
    children: [
      { index: true, lazy: page(() => import('./pages/home/HomePage')) },
      { path: 'login', lazy: page(() => import('./pages/auth/LoginPage')) },
      { path: 'register', lazy: page(() => import('./pages/auth/RegisterPage')) },
      { path: 'forgot-password', lazy: page(() => import('./pages/auth/ForgotPasswordPage')) },
      { path: 'reset-password', lazy: page(() => import('./pages/auth/ResetPasswordPage')) },
      { path: 'packages', lazy: page(() => import('./pages/packages/PackagesPage')) },
      { path: 'packages/:country', lazy: page(() => import('./pages/packages/CountryPage')) },
      { path: 'order/:id', lazy: page(() => import('./pages/order/OrderPage')) },
      { path: 'balance', lazy: page(() => import('./pages/balance/BalancePage')) },
      { path: 'coverage', lazy: page(() => import('./pages/coverage/CoveragePage')) },
      { path: 'trip-planner', lazy: page(() => import('./pages/trip/TripPlannerPage')) },
      { path: 'quick-guide', lazy: page(() => import('./pages/info/QuickGuidePage')) },
      { path: 'faq', lazy: page(() => import('./pages/info/FaqPage')) },
      { path: 'why-esim', lazy: page(() => import('./pages/info/WhyPage')) },
      { path: 'about', lazy: page(() => import('./pages/info/AboutPage')) },
      { path: 'how-it-works', lazy: page(() => import('./pages/info/HowItWorksPage')) },
      { path: 'euicc', lazy: page(() => import('./pages/info/EuiccPage')) },
      { path: 'partnership', lazy: page(() => import('./pages/info/PartnershipPage')) },
      { path: 'contact', lazy: page(() => import('./pages/info/ContactPage')) },
      { path: 'help-center', lazy: page(() => import('./pages/info/HelpCenterPage')) },
      { path: 'demo', lazy: page(() => import('./pages/info/DemoPage')) },
      { path: 'privacy', lazy: page(() => import('./pages/legal/PrivacyPage')) },
      { path: 'terms', lazy: page(() => import('./pages/legal/TermsPage')) },
      { path: 'cookies', lazy: page(() => import('./pages/legal/CookiesPage')) },
      { path: 'refund-policy', lazy: page(() => import('./pages/legal/RefundPolicyPage')) },
      { path: '*', lazy: page(() => import('./pages/errors/NotFoundPage')) },
    ],
  },
];
