export * from './types';
export * from './publish';
