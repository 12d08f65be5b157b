import { runService } from '@esim/platform';
import { buildApp } from './app';
import { loadGatewayConfig } from './config';

// The only file that listens: tests build the app without a port.
const config = loadGatewayConfig();
const app = await buildApp({ config });
await runService(app, { port: config.PORT, host: config.HOST });
