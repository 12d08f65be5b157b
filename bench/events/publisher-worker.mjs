// Worker threads do not inherit tsx's loader on Node 20: load the TypeScript worker through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./publisher.ts', import.meta.url);
