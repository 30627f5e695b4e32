export * from './app-meta.js';
export * from './oidc-states.js';
export * from './preferences.js';
export * from './sessions.js';
export * from './users.js';
export * from './books.js';
export * from './reading-list.js';
export * from './reviews.js';
