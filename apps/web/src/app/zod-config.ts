// zod compiles object parsers with `new Function` unless told not to. The server's CSP forbids eval,
// and Chromium reports even zod's guarded probe of it as a violation (Lighthouse: best practices).
// Schemas read the setting when they are built, so the entry sets it before any screen's code loads.
// zod keeps its configuration on this global, which it creates only when absent
// (zod/v4/core/core.js): setting it here keeps zod itself out of the login page.
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig = { ...shared.__zod_globalConfig, jitless: true };

export {};
