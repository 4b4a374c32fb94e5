import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const JAR = path.resolve(import.meta.dirname, "../../../node_modules/vnu-jar/build/dist/vnu.jar");

/**
 * A page to check: the address of a page the test server serves, or HTML the test already holds
 * (the answer to a POST, which vnu cannot send), with the name to report it under.
 */
export type VnuPage = string | { name: string; html: string };

type VnuMessage = { type: string; url?: string; message: string };

/**
 * The HTML checker's (vnu) errors for the given pages, as "page: message" lines.
 *
 * The pages are fetched here and handed to vnu as files: vnu refuses to check a page answered
 * with an error status (a 404 page is only "HTTP resource not retrievable"), and that refusal is a
 * "non-document-error", which is counted as an error too, like any page vnu could not read.
 */
export async function vnuErrors(pages: VnuPage[]): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vnu-"));
  try {
    const files: { file: string; name: string }[] = [];
    for (const [index, page] of pages.entries()) {
      const { name, html } = typeof page === "string" ? { name: page, html: await (await fetch(page)).text() } : page;
      const file = path.join(dir, `${index}.html`);
      fs.writeFileSync(file, html);
      files.push({ file, name });
    }
    let output = "";
    try {
      // The client compiler only (a run of seconds never pays back the optimising one: half the
      // CPU for the same report), with the deeper stack its frames need for vnu's schema.
      output = execFileSync("java", ["-XX:TieredStopAtLevel=1", "-Xss4m", "-jar", JAR, "--stdout", "--format", "json", ...files.map((f) => f.file)], {
        encoding: "utf8",
        stdio: "pipe",
      });
    } catch (error) {
      // vnu exits 1 when it finds errors; its report is still on stdout.
      output = (error as { stdout: string }).stdout;
    }
    // vnu names a file by its address, "file:/tmp/…".
    const nameOf = (url = "") => files.find((f) => url === `file:${f.file}`)?.name ?? url;
    const messages = (JSON.parse(output) as { messages: VnuMessage[] }).messages;
    // "CSS: …" messages are about the stylesheet public pages carry inline (the same file the
    // back-office links, which vnu never reads): its CSS checker predates container queries,
    // @property, margin-trim and the like, and reports them all. The HTML is what is checked here.
    return messages
      .filter((m) => (m.type === "error" || m.type === "non-document-error") && !m.message.startsWith("CSS: "))
      .map((m) => `${nameOf(m.url)}: ${m.message}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
