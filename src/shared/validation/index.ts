export * from './account';
export * from './email';
export * from './password';
export * from './print';
export * from './sport';
export * from './emoji';
