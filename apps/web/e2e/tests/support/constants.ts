/** run.mjs picks a free port (3123 unless taken) and passes it down as E2E_PORT. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3123);

/** The first admin the server creates on its empty database (see playwright.config.ts). */
export const ADMIN = { email: 'admin@example.com', password: 'Admin-Passw0rd' } as const;
