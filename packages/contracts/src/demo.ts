import { USER_TYPE, type UserType } from './roles';

/**
 * Demo accounts (seeded in demo mode only, never in production). Fixed ids so every service's
 * seed can refer to the same people; a dealer's and a sales manager's id is their user id.
 */
export const DEMO_PASSWORD = 'Demo1234!';

export interface DemoAccount {
  id: string;
  email: string;
  fullName: string;
  userType: UserType;
  role: 'admin' | 'sales-manager' | 'dealer' | 'retail' | 'demo';
  companyName?: string;
  salesManagerEmail?: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'admin@esim.test',
    fullName: 'Ayşe Yönetici',
    userType: USER_TYPE.admin,
    role: 'admin',
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    email: 'sales@esim.test',
    fullName: 'Serkan Satış',
    userType: USER_TYPE.salesManager,
    role: 'sales-manager',
  },
  {
    id: '00000000-0000-4000-8000-000000000003',
    email: 'dealer@esim.test',
    fullName: 'Deniz Bayi',
    userType: USER_TYPE.dealer,
    role: 'dealer',
    companyName: 'Deniz Telekom Ltd. Şti.',
    salesManagerEmail: 'sales@esim.test',
  },
  {
    id: '00000000-0000-4000-8000-000000000004',
    email: 'dealer2@esim.test',
    fullName: 'Derya Bayi',
    userType: USER_TYPE.dealer,
    role: 'dealer',
    companyName: 'Derya İletişim A.Ş.',
    salesManagerEmail: 'sales@esim.test',
  },
  {
    id: '00000000-0000-4000-8000-000000000005',
    email: 'customer@esim.test',
    fullName: 'Can Müşteri',
    userType: USER_TYPE.retail,
    role: 'retail',
  },
  {
    id: '00000000-0000-4000-8000-000000000006',
    email: 'demo@esim.test',
    fullName: 'Demo Kullanıcı',
    userType: USER_TYPE.retail,
    role: 'demo',
  },
];

export const demoAccount = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)!;

/**
 * Numbers the public balance check answers in demo mode (seeded by the esim and physical-sim
 * services, printed at start-up). Real order numbers are random; these are fixed so a visitor of
 * the demo can try the page. Their answers are labelled demo.
 */
export const DEMO_LOOKUPS = {
  /** QR eSIM order numbers: active with data left, nearly used up, expired. */
  esimOrderNumbers: { active: 'DEMO4TR7KQ2M', nearlyUsed: 'DEMO9US3XW5P', expired: 'DEMO2DE8HN6V' },
  /** Physical eUICC card serials: one with an active data bundle, one in stock (never activated). */
  physicalSerials: { active: '700100200301', inactive: '700100200302' },
} as const;
