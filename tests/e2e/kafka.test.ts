import { businessFlowSuite } from './suite';

businessFlowSuite('kafka', 'Kafka transport (the test broker)');
