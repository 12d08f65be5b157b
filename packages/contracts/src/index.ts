export * from './envelope';
export * from './messages/index';
export * from './roles';
export * from './money';
export * from './list-query';
export * from './events/index';
export * from './routes';
export * from './demo';
