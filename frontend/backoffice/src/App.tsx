import { CssBaseline } from '@mui/material';
import { CoreAdminUI } from 'ra-core';
import {
  AdminContext,
  AuthenticationError,
  CustomRoutes,
  Error as ErrorPage,
  LoadingPage,
  Notification,
  Resource,
  type AuthProvider,
  type DataProvider,
  type I18nProvider,
  type Store,
} from 'react-admin';
import { Route } from 'react-router-dom';
import { Dashboard } from './dashboard/Dashboard';
import { AccessDenied, Guard } from './layout/Guard';
import { Layout } from './layout/Layout';
import { darkTheme, lightTheme } from './layout/theme';
import { lazyScreen } from './lazy';
import { createStore } from './providers/store';
import orders from './orders';
import priceList from './price-list';
import adminCollectionLogs from './admin/collection-logs';
import adminDealers, { DealerPricingScreen as AdminDealerPricingPage } from './admin/dealers';
import adminSalesManagers from './admin/sales-managers';
import adminCustomers from './admin/customers';
import salesManagerDealers from './sales-manager/dealers';
import transactions from './transactions';
import adminDeposits from './admin/deposits';
import { OldDepositsPath } from './admin/deposits/OldListPath';
import adminPayments from './admin/payments';
import adminMessages from './admin/messages';
import adminInvoices from './admin/invoices';
import adminAuditLog from './admin/audit-log';
import adminPhysicalSimImport from './admin/physical-sim-import';
import adminPhysicalSimOrders from './admin/physical-sim-orders';
import adminPhysicalSimReturns from './admin/physical-sim-returns';
import adminPhysicalSimStock, { StockDashboardScreen } from './admin/physical-sim-stock';
import adminEsimPool from './admin/esim-pool';
import adminEsimProfiles from './admin/esim-profiles';
import adminEsimOrders from './admin/esim-orders';
import adminPackages from './admin/packages';
import adminCountries from './admin/countries';
import adminSupplierOffers from './admin/supplier-offers';

const BalancePage = lazyScreen(() => import('./balance/BalancePage'));
const SettingsPage = lazyScreen(() => import('./settings/SettingsPage'));
const PhysicalSimPurchasePage = lazyScreen(() => import('./physical-sim/PurchasePage'));
const PhysicalSimStockPage = lazyScreen(() => import('./physical-sim/StockPage'));
const PhysicalSimReturnPage = lazyScreen(() => import('./physical-sim/ReturnPage'));
const DealerPricingPage = lazyScreen(() => import('./dealer-pricing/DealerPricingPage'));
const CollectionPage = lazyScreen(() => import('./sales-manager/collection/CollectionPage'));
const CatalogSettingsPage = lazyScreen(() => import('./admin/catalog-settings/CatalogSettingsPage'));
const ShopSettingsPage = lazyScreen(() => import('./admin/shop-settings/ShopSettingsPage'));
const StatementPage = lazyScreen(() => import('./statements/StatementPage'));
const ApiKeysPage = lazyScreen(() => import('./api-keys/ApiKeysPage'));
const WebhooksPage = lazyScreen(() => import('./webhooks/WebhooksPage'));

export interface AppProps {
  dataProvider: DataProvider;
  authProvider: AuthProvider;
  i18nProvider: I18nProvider;
  store?: Store;
}

export function App({ dataProvider, authProvider, i18nProvider, store }: AppProps) {
  return (
    // What react-admin's <Admin> renders (AdminContext, then AdminUI: CssBaseline, CoreAdminUI and the
    // notifications), spelled out so the first bundle leaves out what this app never shows: <Admin>'s
    // default English i18nProvider and AdminUI's default login page (forms, react-hook-form) and OAuth
    // callback page; signing in happens on the storefront.
    <AdminContext
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store ?? createStore()}
      theme={lightTheme}
      lightTheme={lightTheme}
      darkTheme={darkTheme}
      defaultTheme="light"
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          title="eSIM"
          layout={Layout}
          dashboard={Dashboard}
          loginPage={false}
          authCallbackPage={false}
          authenticationError={AuthenticationError}
          error={ErrorPage}
          loading={LoadingPage}
          accessDenied={AccessDenied}
          catchAll={AccessDenied}
          requireAuth
          disableTelemetry
        >
          <Resource name="orders" {...orders} />
          <Resource name="transactions" {...transactions} />
          <Resource name="price-list" {...priceList} />
          <Resource name="sales-manager/dealers" {...salesManagerDealers} />
          <Resource name="admin/dealers" {...adminDealers} />
          <Resource name="admin/sales-managers" {...adminSalesManagers} />
          <Resource name="admin/customers" {...adminCustomers} />
          <Resource name="admin/collection-logs" {...adminCollectionLogs} />
          <Resource name="deposits" />
          <Resource name="physical-sim-packages" />
          <Resource name="physical-sim-orders" />
          <Resource name="physical-sim-cards" />
          <Resource name="physical-sim-returns" />
          <Resource name="admin/deposits" {...adminDeposits} />
          <Resource name="admin/payments" {...adminPayments} />
          <Resource name="admin/messages" {...adminMessages} />
          <Resource name="admin/invoices" {...adminInvoices} />
          <Resource name="admin/audit-log" {...adminAuditLog} />
          <Resource name="admin/esim-pool" {...adminEsimPool} />
          <Resource name="admin/esim-profiles" {...adminEsimProfiles} />
          <Resource name="admin/esim-orders" {...adminEsimOrders} />
          <Resource name="admin/packages" {...adminPackages} />
          <Resource name="admin/countries" {...adminCountries} />
          <Resource name="admin/supplier-offers" {...adminSupplierOffers} />
          <Resource name="admin/physical-sim-orders" {...adminPhysicalSimOrders} />
          <Resource name="admin/physical-sim-returns" {...adminPhysicalSimReturns} />
          <Resource name="admin/physical-sim-import" {...adminPhysicalSimImport} />
          <Resource name="admin/physical-sim-stock" {...adminPhysicalSimStock} />
          <CustomRoutes>
            <Route path="/admin/top-ups" element={<OldDepositsPath />} />
            <Route
              path="/balance"
              element={
                <Guard permission="balance">
                  <BalancePage />
                </Guard>
              }
            />
            <Route
              path="/settings"
              element={
                <Guard permission="settings">
                  <SettingsPage />
                </Guard>
              }
            />
            <Route
              path="/physical-sim-purchase"
              element={
                <Guard permission="physical-sim-purchase" dealersOnly>
                  <PhysicalSimPurchasePage />
                </Guard>
              }
            />
            <Route
              path="/physical-sim-stock"
              element={
                <Guard permission="physical-sim-stock" dealersOnly>
                  <PhysicalSimStockPage />
                </Guard>
              }
            />
            <Route
              path="/physical-sim-return"
              element={
                <Guard permission="physical-sim-return" dealersOnly>
                  <PhysicalSimReturnPage />
                </Guard>
              }
            />
            <Route
              path="/statements"
              element={
                <Guard permission="statements" dealersOnly>
                  <StatementPage />
                </Guard>
              }
            />
            <Route
              path="/api-keys"
              element={
                <Guard permission="api-keys" dealersOnly>
                  <ApiKeysPage />
                </Guard>
              }
            />
            <Route
              path="/webhooks"
              element={
                <Guard permission="webhooks" dealersOnly>
                  <WebhooksPage />
                </Guard>
              }
            />
            <Route
              path="/sales-manager/dealers/:id/pricing"
              element={
                <Guard permission="sales-manager/dealer-pricing">
                  <DealerPricingPage />
                </Guard>
              }
            />
            <Route
              path="/admin/dealers/:id/pricing"
              element={
                <Guard permission="admin/dealer-pricing">
                  <AdminDealerPricingPage />
                </Guard>
              }
            />
            <Route
              path="/admin/physical-sim-dashboard"
              element={
                <Guard permission="admin/physical-sim-stock">
                  <StockDashboardScreen />
                </Guard>
              }
            />
            <Route
              path="/admin/catalog-settings"
              element={
                <Guard permission="admin/catalog">
                  <CatalogSettingsPage />
                </Guard>
              }
            />
            <Route
              path="/admin/shop-settings"
              element={
                <Guard permission="admin/shop-settings">
                  <ShopSettingsPage />
                </Guard>
              }
            />
            <Route
              path="/sales-manager/collection"
              element={
                <Guard permission="sales-manager/collection">
                  <CollectionPage />
                </Guard>
              }
            />
          </CustomRoutes>
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}
