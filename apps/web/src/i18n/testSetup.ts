import { ensureMessages } from './index';

// Tests read any English text: load the rest of the messages (the app loads them right after start).
// Tests of the core part alone use their own i18next instance (see coreMessages.test.tsx).
await ensureMessages('en');
