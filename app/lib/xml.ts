/** Escapes text for XML element content and attribute values. */
export function escapeXml(value: string) {
  return Array.from(value, (char) => (allowedInXml(char.charCodeAt(0)) ? char : ""))
    .join("")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** XML 1.0 allows tab, line feed, carriage return and everything from space up, but U+FFFE and U+FFFF. */
function allowedInXml(code: number) {
  return code === 0x09 || code === 0x0a || code === 0x0d || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);
}
