export * from './common';
export * from './status-display';
export * from './esim';
export * from './physical-sim';
export * from './auth';
export * from './balance';
export * from './catalog';
