export * from './account';
export * from './email';
export * from './password';
export * from './print';
export * from './printable';
export * from './sport';
export * from './emoji';
