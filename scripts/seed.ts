/** npm run db:seed: migrate and fill an empty database (DATABASE_URL or DATA_DIR) with demo data. */
import { openDatabase } from "#api/db/client.ts";
import { exitIfDataDirInUse } from "#api/db/data-dir-lock.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from "#api/db/seed.ts";
import { readConfig } from "#server/config.ts";

const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir }).catch(
  exitIfDataDirInUse,
);
try {
  await database.migrate();
  if (await seedDemoData(database.db)) {
    console.log(`Seeded demo data. Accounts (password "${DEMO_PASSWORD}"):`);
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email}  ${account.role ?? "(no profile yet)"}`);
  } else {
    console.log("The database already has users; nothing seeded.");
  }
} finally {
  await database.close();
}
