import { businessFlowSuite } from './suite';

// Card payments here go through the real iyzico adapter against the fake iyzico (the PostgreSQL run keeps the demo provider),
// and eSIMs can also come from the fake eSIM Access.
businessFlowSuite('kafka', 'Kafka transport (the test broker), the fake iyzico and the fake eSIM Access', {
  cardProvider: 'fake-iyzico',
  supplier: 'esimaccess',
});
