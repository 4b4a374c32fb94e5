import { execFileSync } from "node:child_process";
import path from "node:path";

const JAR = path.resolve(import.meta.dirname, "../../../node_modules/vnu-jar/build/dist/vnu.jar");

/** The HTML checker's (vnu) errors for pages the test server serves, as "url: message" lines. */
export function vnuErrors(urls: string[]): string[] {
  let output = "";
  try {
    output = execFileSync("java", ["-Dnu.validator.servlet.allow-forbidden-hosts=true", "-jar", JAR, "--stdout", "--format", "json", ...urls], {
      encoding: "utf8",
      stdio: "pipe",
    });
  } catch (error) {
    // vnu exits 1 when it finds errors; its report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  const messages = (JSON.parse(output) as { messages: { type: string; url: string; message: string }[] }).messages;
  return messages.filter((m) => m.type === "error").map((m) => `${m.url}: ${m.message}`);
}
