import { z } from "zod";
import { parseAirlineLists, type AirlineLists } from "../cargo/access/airline-lists";

/** Whole seconds from an env string; empty strings fall back to the default like unset ones. */
const seconds = (fallback: number, min = 1) =>
  z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(min).default(fallback));

/**
 * The API's settings, validated once at start so a typo in the environment fails loudly
 * instead of silently producing 0-second tokens. Keys are the environment variable names,
 * so `buildApi({ config: { ACCESS_TOKEN_TTL: 5 } })` reads the same as the README.
 */
export const ApiConfigSchema = z.object({
  NODE_ENV: z.string().default("development"),
  ACCESS_TOKEN_TTL: seconds(7200),
  REFRESH_TOKEN_TTL: seconds(86_400),
  REMEMBER_ME_REFRESH_TTL: seconds(30 * 86_400),
  /** How long a rotated refresh token (and its access token) keeps working, for racing refreshes. */
  REFRESH_GRACE_SECONDS: seconds(30, 0),
  SMTP_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  MAIL_FROM: z.string().min(1).default("Cargo Desk <no-reply@cargodesk.test>"),
  APP_URL: z.string().url().default("http://localhost:3000"),
  /** Failed sign-ins per e-mail and client address within LOGIN_RATE_WINDOW seconds. */
  LOGIN_RATE_LIMIT: seconds(10),
  LOGIN_RATE_WINDOW: seconds(900),
  /** Failed sign-ins from one client address across all accounts (credential stuffing) within the window. */
  LOGIN_ADDRESS_RATE_LIMIT: seconds(100),
  /** Attachments on disk (no bucket configured): this directory. start.ts points it under DATA_DIR. */
  ATTACHMENTS_DIR: z.string().min(1).default("./data/attachments"),
  /** The largest attachment, in bytes (default 10 MiB). */
  ATTACHMENT_MAX_BYTES: seconds(10 * 1024 * 1024),
  /** An S3-compatible bucket for attachments instead of the directory: set the bucket, endpoint and keys. */
  ATTACHMENTS_S3_BUCKET: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  ATTACHMENTS_S3_ENDPOINT: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  ATTACHMENTS_S3_REGION: z.string().min(1).default("us-east-1"),
  ATTACHMENTS_S3_ACCESS_KEY_ID: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  ATTACHMENTS_S3_SECRET_ACCESS_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  /**
   * The cargo terminal's handler for POST air_waybills/{mawb}/moscow_cargo (issue 11): the URL the waybill's data is
   * posted to as JSON. Unset: the request is refused (422 "terminal not configured").
   */
  MOSCOW_CARGO_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  /** How long the terminal may take to answer, ms. */
  MOSCOW_CARGO_TIMEOUT_MS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(100).max(120_000).default(10_000)),
  /** Airports the terminal serves: a waybill whose route touches one may be sent there. */
  MOSCOW_CARGO_STATIONS: z
    .string()
    .default("SVO")
    .transform((s) => s.split(/[\s,]+/).map((c) => c.trim().toUpperCase()).filter(Boolean)),
  /**
   * The SITA gateway outgoing Type-B telegrams are handed to (issue 23, README "Outgoing telegrams"): an e-mail
   * address (the gateway's mail-to-Type-B service: the envelope text as the mail's body), or a URL the envelope text
   * is POSTed to (text/plain). Neither set: SITA messages fail with channel_not_configured.
   */
  SITA_GATEWAY_EMAIL: z.preprocess((v) => (v === "" ? undefined : v), z.string().email().optional()),
  SITA_GATEWAY_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  /**
   * The built-in SMTP receiver of incoming messages (issue 23, README "Telegrams"): the port it listens on (0: any
   * free port), and the address it binds to. Unset: no receiver. Set it on one API instance of a cluster only (or a
   * port apiece): every instance stores into the one database.
   */
  SMTP_INBOUND_PORT: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(65_535).optional()),
  SMTP_INBOUND_HOST: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(1).default("127.0.0.1")),
  /** How long a URL (or the SITA gateway's URL) may take to answer one outgoing message, ms. */
  OUTGOING_URL_TIMEOUT_MS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(100).max(60_000).default(15_000)),
  /**
   * Tests only: lets outgoing messages go to http:// URLs on this machine's loopback (127.0.0.1, ::1). Every other
   * private, link-local or loopback address stays refused; refused in production whatever it says.
   */
  OUTGOING_URL_ALLOW_LOOPBACK: z.preprocess((v) => v === "true" || v === "1" || v === true, z.boolean()).default(false),
  /** Public tracking lookups (GET api/v3/tracking/{mawb}) per client address and minute, found or not. */
  TRACKING_RATE_LIMIT: seconds(30),
  /**
   * Shared with the BFF: a request carrying it in X-Cargo-Client-Secret may name the browser's
   * address in X-Cargo-Client-Address. Unset: that header is never believed.
   */
  CLIENT_ADDRESS_SECRET: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(32).optional()),
  /**
   * The key that seals secrets the API keeps to use later (issue 26: a tenant provider's client secret;
   * api/auth/secret-box.ts): 32 characters or more, the same for every API process of one database. Unset: the
   * embedded default keeps one of its own in its data directory; elsewhere such a secret cannot be stored.
   */
  IDENTITY_SECRET_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(32).optional()),
  /** Behind a proxy that sets X-Forwarded-For, rate limits must key on the client, not the proxy. */
  TRUST_PROXY: z.preprocess((v) => v === "true" || v === "1" || v === true, z.boolean()).default(false),
  /**
   * "Now" for the whole service (an ISO instant such as 2028-02-29T10:00:00Z); the clock runs on from it.
   * Unset: the system clock. Lets tests and demos run on any date (issue 8).
   */
  /**
   * Tenants (lower-case codes) on which a forwarder may type its own air waybill number instead of taking the next
   * of its stock (spec 1 §6 "Custom waybill number input by forwarders": c6, su). The BFF reads the same variable.
   */
  AIRLINES_CUSTOM_WAYBILL_NUMBER: z
    .string()
    .default("c6,su")
    .transform((s) => s.split(/[\s,]+/).map((c) => c.trim().toLowerCase()).filter(Boolean)),
  CARGO_NOW: z.preprocess((v) => (v === "" ? undefined : v), z.string().datetime({ offset: true }).pipe(z.coerce.date()).optional()),
});

/**
 * `airlineLists`: the "listed airlines" of spec 1 §6 (flight create/edit, ...), read from the same AIRLINES_<NAME>
 * variables as the BFF's, so a page and the call behind it admit the same airlines.
 */
export type ApiConfig = z.infer<typeof ApiConfigSchema> & { airlineLists: AirlineLists };

export function loadConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  return { ...ApiConfigSchema.parse(env), airlineLists: parseAirlineLists(env) };
}
