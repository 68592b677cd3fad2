export * from './access';
export * from './answers';
export * from './api';
export * from './bonus-amount';
export * from './definitions';
export * from './validation';
