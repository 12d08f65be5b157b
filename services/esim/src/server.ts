import { runService } from '@esim/platform';
import { buildApp } from './app';
import { loadEsimConfig } from './config';

// The only file that listens: tests build the app without a port.
const config = loadEsimConfig();
const app = await buildApp({ config });
await runService(app, {
  port: config.PORT,
  host: config.HOST,
  onStarted: async () => {
    await app.events.start();
    app.esim.startLoops();
  },
});
