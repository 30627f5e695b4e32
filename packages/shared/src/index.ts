export * from './auth.js';
export * from './errors.js';
export * from './genres.js';
export * from './i18n.js';
export * from './limits.js';
export * from './preferences.js';
