import { runService } from '@esim/platform';
import { buildApp } from './app';
import { loadCatalogConfig } from './config';

// The only file that listens: tests build the app without a port.
const config = loadCatalogConfig();
const app = await buildApp({ config });
// Events flow once the service takes requests: auth's dealer events keep the dealer map current.
await runService(app, { port: config.PORT, host: config.HOST, onStarted: () => app.events.start() });
