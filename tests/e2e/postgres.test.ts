import { businessFlowSuite } from './suite';

businessFlowSuite('postgres', 'PostgreSQL event log');
