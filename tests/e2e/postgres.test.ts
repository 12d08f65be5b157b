import { businessFlowSuite } from './suite';

// Two copies of every service and worker here (the Kafka run and the fault suite run one each), so
// the flows also prove the gateway's spreading and the copies sharing one database and event log.
// eSIMs here can also come from the fake Airalo (the Kafka run sells through the fake eSIM Access).
businessFlowSuite('postgres', 'PostgreSQL event log, two copies of every service and worker, the fake Airalo', {
  replicas: 2,
  supplier: 'airalo',
});
