// Writes app/assets/fonts/inter-basic-wght.woff2: the Latin file of @fontsource-variable/inter cut
// to the characters and weights the site's pages use (scripts/lib/font-subset.ts), about 20 KB
// instead of 48 KB, for the text every page paints first. The output is committed; run again after
// upgrading @fontsource-variable/inter (a unit test says when it is out of date):
//   npx tsx scripts/make-font-subset.ts
import fs from "node:fs";
import { makeSubset, SUBSET_FILE } from "./lib/font-subset";

const subset = await makeSubset();
fs.writeFileSync(SUBSET_FILE, subset);
console.log(`${SUBSET_FILE.pathname}: ${subset.length} bytes`);
