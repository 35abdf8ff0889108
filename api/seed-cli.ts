// npm run seed: seed the database named by DATABASE_URL (or the embedded one under DATA_DIR) if it is empty.
import { openDatabase } from "./db/open";
import { seedDemoData } from "./seed";

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
try {
  const seeded = await seedDemoData(database);
  console.log(seeded ? "Demo data seeded." : "The database already has users; nothing seeded.");
} finally {
  await database.close();
}
