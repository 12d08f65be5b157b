import { runService } from '@esim/platform';
import { buildApp } from './app';
import { loadAuthConfig } from './config';

// The only file that listens: tests build the app without a port.
const config = loadAuthConfig();
const app = await buildApp({ config });
// The outbox relay starts once the service takes requests: it publishes the account and dealer events.
await runService(app, { port: config.PORT, host: config.HOST, onStarted: () => app.events.start() });
