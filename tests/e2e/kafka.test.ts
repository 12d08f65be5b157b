import { businessFlowSuite } from './suite';

// Card payments here go through the real iyzico adapter against the fake iyzico (the PostgreSQL run keeps the demo provider).
businessFlowSuite('kafka', 'Kafka transport (the test broker), card payments through the fake iyzico', {
  cardProvider: 'fake-iyzico',
});
