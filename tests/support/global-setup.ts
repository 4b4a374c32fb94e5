import { prepareTestDatabases } from "./test-db";

/** Vitest global setup: migrate once, so each test file starts from a copy in well under a second. */
export default async function setup() {
  await prepareTestDatabases();
}
