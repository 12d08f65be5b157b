import { runService } from '@esim/platform';
import { buildApp } from './app';
import { loadPhysicalSimConfig } from './config';

// The only file that listens: tests build the app without a port. Running it starts what the app
// registered to run while serving (its event bus).
const config = loadPhysicalSimConfig();
const app = await buildApp({ config });
await runService(app, { port: config.PORT, host: config.HOST });
