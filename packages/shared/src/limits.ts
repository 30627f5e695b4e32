/** Bounds on every input, shared by forms and routes. */
export const LIMITS = {
  nameMax: 100,
  nameMin: 3,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  preferenceListMax: 30,
  preferenceItemMax: 80,
  authorsMax: 15,
  userAgentMax: 300,
  searchQueryMax: 200,
  searchPageSizeMax: 48,
  searchPageMax: 500,
  suggestMax: 8,
  reportReasonMax: 1000,
  descriptionMax: 20_000,
  listLimitMax: 50,
} as const;

/** Rate limits for the account endpoints: attempts per window. */
export const AUTH_RATE_LIMIT = {
  perIp: 20,
  perEmail: 10,
  windowMs: 15 * 60 * 1000,
} as const;
