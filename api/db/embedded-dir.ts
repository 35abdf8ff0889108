import { existsSync } from "node:fs";
import path from "node:path";

/** Where the embedded PGlite database lives under a data directory (default ./data). */
export const embeddedDatabaseDir = (dataDir: string | undefined): string => path.resolve(dataDir ?? "./data", "pglite");

/** Whether initdb has run there: PostgreSQL's data directory holds PG_VERSION from then on. */
export const embeddedDatabaseExists = (dataDir: string | undefined): boolean => existsSync(path.join(embeddedDatabaseDir(dataDir), "PG_VERSION"));
