[
  {
    "name": "the ledger over four weeks of sales against a fake TM > starts equal to the market: the first look records the opening balance",
    "file": "/work/wt/testloop/packages/server/test/ledger/ledger-world.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "the ledger over four weeks of sales against a fake TM > imports purchase prices from CSV with an outcome per line",
    "file": "/work/wt/testloop/packages/server/test/ledger/ledger-world.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "the ledger over four weeks of sales against a fake TM > records four weeks of sales from TM history, held ones apart, and stays equal to the market",
    "file": "/work/wt/testloop/packages/server/test/ledger/ledger-world.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "the ledger over four weeks of sales against a fake TM > costs sales sold before their purchase was known once the CSV brings it",
    "file": "/work/wt/testloop/packages/server/test/ledger/ledger-world.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "the ledger over four weeks of sales against a fake TM > keeps own transfers out of income in both directions, equal to the market after each",
    "file": "/work/wt/testloop/packages/server/test/ledger/ledger-world.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "the ledger over four weeks of sales against a fake TM > records a harvester move between own accounts without changing profit",
    "file": "/work/wt/testloop/packages/server/test/ledger/ledger-world.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "the ledger over four weeks of sales against a fake TM > settles holds that end during the run and reverses sales from TM history and from a rolled-back trade",
    "file": "/work/wt/testloop/packages/server/test/ledger/ledger-world.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "the ledger over four weeks of sales against a fake TM > reports profit exactly: realised from settled sales, pending from held ones, uncosted flagged",
    "file": "/work/wt/testloop/packages/server/test/ledger/ledger-world.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "the ledger over four weeks of sales against a fake TM > reports a fee the market took unannounced as an unexplained gap",
    "file": "/work/wt/testloop/packages/server/test/ledger/ledger-world.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "Idempotency-Key of transfer.send > makes one money-send of 20 parallel calls with one key through the sdk client; all 20 answer its outcome",
    "file": "/work/wt/testloop/packages/server/test/idempotency/transfer-key.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "Idempotency-Key of transfer.send > answers a raw call that meets the first still running 409, result 9 (the sdk client waits on it)",
    "file": "/work/wt/testloop/packages/server/test/idempotency/transfer-key.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "Idempotency-Key of transfer.send > is shown in the manifest: the flag and the required header of each operation that takes it",
    "file": "/work/wt/testloop/packages/server/test/idempotency/transfer-key.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "Idempotency-Key of transfer.send > refuses another request under a used key (422) and sends nothing",
    "file": "/work/wt/testloop/packages/server/test/idempotency/transfer-key.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "Idempotency-Key of transfer.send > requires the header, naming it, in the caller language",
    "file": "/work/wt/testloop/packages/server/test/idempotency/transfer-key.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "Idempotency-Key of transfer.send > frees the key of a refused call, so the same dialog can correct and send once",
    "file": "/work/wt/testloop/packages/server/test/idempotency/transfer-key.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "Idempotency-Key of transfer.send > leaves the key unused by a step-up refusal: the call repeated after the step-up runs once",
    "file": "/work/wt/testloop/packages/server/test/idempotency/transfer-key.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "Idempotency-Key of transfer.send > answers a repeat of a settled key without a new step-up; a new call still needs one",
    "file": "/work/wt/testloop/packages/server/test/idempotency/transfer-key.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "Idempotency-Key of transfer.send > keeps another user out of a key: the same key of two users is two keys",
    "file": "/work/wt/testloop/packages/server/test/idempotency/transfer-key.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "Idempotency-Key of transfer.send > forgets a key after its 24 hours",
    "file": "/work/wt/testloop/packages/server/test/idempotency/transfer-key.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "Idempotency-Key of transfer.send > lets a caller waiting on a first call that was refused run its own request once: one send",
    "file": "/work/wt/testloop/packages/server/test/idempotency/transfer-key.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "Idempotency-Key of transfer.send > answers a repeat of a settled key alike whatever secret it carries: no payment password guess can be tested",
    "file": "/work/wt/testloop/packages/server/test/idempotency/transfer-key.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "changing a seller account’s market currency > sums the accounts’ balances per currency for the dashboard",
    "file": "/work/wt/testloop/packages/server/test/seller/currency.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "changing a seller account’s market currency > calls change-currency once when nothing is listed and stores the new currency",
    "file": "/work/wt/testloop/packages/server/test/seller/currency.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "changing a seller account’s market currency > refuses the currency it already has as invalid values, without asking the market",
    "file": "/work/wt/testloop/packages/server/test/seller/currency.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "changing a seller account’s market currency > never asks the market while something is listed: failed to update",
    "file": "/work/wt/testloop/packages/server/test/seller/currency.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "changing a seller account’s market currency > shows the market’s refusal codes as the spec’s errors",
    "file": "/work/wt/testloop/packages/server/test/seller/currency.test.ts",
    "projectName": "server-app"
  },
  {
    "name": "changing a seller account’s market currency > answers network error when the market cannot be reached, and keeps the stored currency",
    "file": "/work/wt/testloop/packages/server/test/seller/currency.test.ts",
    "projectName": "server-app"
  }
]