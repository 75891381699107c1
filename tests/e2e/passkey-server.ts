// The e2e tier's third server, for passkeys: WebAuthn refuses an IP address as the relying party,
// so this server's APP_URL, and the pages of tests/e2e/passkeys.spec.ts, are on localhost
// (started by playwright.config.ts, in manual billing mode like the first). It requires a second
// factor of superusers (SUPERUSER_SECOND_FACTOR=required), for tests/e2e/dashboard-second-factor.spec.ts.

/** Its port: beside the other two (E2E_PORT, default 4390, and E2E_PORT + 1), unless E2E_PASSKEY_PORT says. */
export const passkeyPort = Number(process.env.E2E_PASSKEY_PORT ?? Number(process.env.E2E_PORT ?? 4390) + 2);

/** Its data folder: its outbox holds the passkey emails. */
export const passkeyDataDir = process.env.E2E_PASSKEY_DATA_DIR ?? "test-results/pb_data_passkeys";

/** The site and the API, on a domain name. */
export const passkeyBaseURL = `http://localhost:${passkeyPort}`;
