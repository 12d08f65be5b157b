import { businessFlowSuite } from './suite';

// Card payments here go through the real iyzico adapter against the fake iyzico (the PostgreSQL run keeps the demo provider),
// eSIMs can also come from the fake eSIM Access, and invoices go to the fake Paraşüt (the PostgreSQL run's demo provider numbers its own).
businessFlowSuite(
  'kafka',
  'Kafka transport (the test broker), the fake iyzico, the fake eSIM Access and the fake Paraşüt',
  {
    cardProvider: 'fake-iyzico',
    supplier: 'esimaccess',
    invoices: 'fake-parasut',
  },
);
