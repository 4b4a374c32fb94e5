// Writes the public site's self-made assets: pain-point avatars, process illustrations (SVG)
// and the 1200x630 Open Graph image (PNG, with sharp). Client and partner names are set as text
// on the page (app/components/landing/trusted-by-section.tsx), not drawn here.
// Run: npx tsx scripts/make-site-assets.ts (the output is committed under public/).
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..", "public");
const write = (file: string, content: string | Buffer) => {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, content);
};
const FONT = "Inter, 'Segoe UI', Arial, Helvetica, sans-serif";

const avatarColors = [
  ["#7b61ff", "#22d3ee"],
  ["#f472b6", "#7b61ff"],
  ["#22d3ee", "#34d399"],
  ["#fbbf24", "#f472b6"],
  ["#60a5fa", "#7b61ff"],
  ["#34d399", "#60a5fa"],
  ["#fb7185", "#fbbf24"],
  ["#a78bfa", "#f472b6"],
  ["#22d3ee", "#7b61ff"],
  ["#fbbf24", "#34d399"],
];
const letters = ["S", "T", "A", "M", "L", "R", "E", "C", "N", "D"];
letters.forEach((_letter, i) => {
  const [a, b] = avatarColors[i]!;
  write(
    `avatars/p${i + 1}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="72" height="72" viewBox="0 0 72 72"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><circle cx="36" cy="36" r="36" fill="url(#g)"/><circle cx="36" cy="29" r="11" fill="#ffffff" fill-opacity=".85"/><path d="M15 60c4-11 12-15 21-15s17 4 21 15" fill="#ffffff" fill-opacity=".85"/></svg>\n`,
  );
});

function illustration(kind: "audit" | "build" | "deliver" | "scale") {
  const bg = `<rect width="400" height="220" fill="#10101a"/><defs><radialGradient id="r" cx="0.5" cy="0.3" r="0.8"><stop offset="0" stop-color="#7b61ff" stop-opacity=".35"/><stop offset="1" stop-color="#7b61ff" stop-opacity="0"/></radialGradient></defs><rect width="400" height="220" fill="url(#r)"/>`;
  const grid = Array.from({ length: 9 }, (_, i) => `<line x1="${i * 50}" y1="0" x2="${i * 50}" y2="220" stroke="#26263a" stroke-width="1"/>`).join("");
  const art = {
    audit: `<rect x="60" y="50" width="90" height="44" rx="10" fill="#171726" stroke="#3b3b5a"/><rect x="60" y="126" width="90" height="44" rx="10" fill="#171726" stroke="#3b3b5a"/><rect x="250" y="88" width="90" height="44" rx="10" fill="#7b61ff" fill-opacity=".25" stroke="#7b61ff"/><path d="M150 72h50v38h50M150 148h50v-38" fill="none" stroke="#22d3ee" stroke-width="3"/><circle cx="300" cy="110" r="40" fill="none" stroke="#22d3ee" stroke-width="3" stroke-dasharray="6 6"/>`,
    build: `<rect x="50" y="60" width="70" height="100" rx="12" fill="#171726" stroke="#3b3b5a"/><rect x="165" y="40" width="70" height="60" rx="12" fill="#7b61ff" fill-opacity=".3" stroke="#7b61ff"/><rect x="165" y="120" width="70" height="60" rx="12" fill="#171726" stroke="#3b3b5a"/><rect x="280" y="80" width="70" height="60" rx="12" fill="#22d3ee" fill-opacity=".2" stroke="#22d3ee"/><path d="M120 110h45M235 70h20v40h25M235 150h20v-40" fill="none" stroke="#a78bfa" stroke-width="3"/>`,
    deliver: `<rect x="120" y="40" width="160" height="140" rx="14" fill="#171726" stroke="#3b3b5a"/><rect x="140" y="62" width="90" height="10" rx="5" fill="#7b61ff"/><rect x="140" y="86" width="120" height="8" rx="4" fill="#3b3b5a"/><rect x="140" y="104" width="110" height="8" rx="4" fill="#3b3b5a"/><rect x="140" y="122" width="100" height="8" rx="4" fill="#3b3b5a"/><circle cx="250" cy="150" r="18" fill="#22d3ee"/><path d="M241 150l6 6 12-12" fill="none" stroke="#07070c" stroke-width="4" stroke-linecap="round"/>`,
    scale: `<path d="M50 180h300M50 180V40" stroke="#3b3b5a" stroke-width="2"/><rect x="80" y="140" width="36" height="40" rx="6" fill="#3b3b5a"/><rect x="140" y="115" width="36" height="65" rx="6" fill="#5b3df5"/><rect x="200" y="90" width="36" height="90" rx="6" fill="#7b61ff"/><rect x="260" y="55" width="36" height="125" rx="6" fill="#22d3ee"/><path d="M90 125 158 100l60-26 60-36" fill="none" stroke="#f4f4f8" stroke-width="3" stroke-linecap="round"/>`,
  }[kind];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="220" viewBox="0 0 400 220">${bg}${grid}${art}</svg>\n`;
}
for (const kind of ["audit", "build", "deliver", "scale"] as const) write(`images/process/${kind}.svg`, illustration(kind));

const dots = Array.from({ length: 31 * 16 }, (_, i) => {
  const x = 20 + (i % 31) * 40;
  const y = 15 + Math.floor(i / 31) * 40;
  return `<circle cx="${x}" cy="${y}" r="2" fill="#2d2b4a"/>`;
}).join("");
const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="#07070c"/>${dots}
<defs><radialGradient id="glow" cx="0.5" cy="0" r="0.9"><stop offset="0" stop-color="#7b61ff" stop-opacity=".55"/><stop offset="1" stop-color="#7b61ff" stop-opacity="0"/></radialGradient>
<linearGradient id="mark" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a78bfa"/><stop offset="1" stop-color="#22d3ee"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#glow)"/>
<g transform="translate(100 110) scale(2.4)"><rect width="32" height="32" rx="9" fill="url(#mark)"/><path d="M9 21c3.5 0 4.5-10 8-10s3.5 6 6 6" fill="none" stroke="#07070c" stroke-width="3" stroke-linecap="round"/></g>
<text x="200" y="162" font-family="${FONT}" font-size="44" font-weight="700" fill="#f4f4f8">Flowstate</text>
<text x="100" y="330" font-family="${FONT}" font-size="84" font-weight="800" fill="#ffffff" letter-spacing="-2">Smarter Systems.</text>
<text x="100" y="430" font-family="${FONT}" font-size="84" font-weight="800" fill="#c4b5fd" letter-spacing="-2">Better Outcomes.</text>
<text x="100" y="520" font-family="${FONT}" font-size="30" fill="#a3a3b8">AI agents · No-code · Low code automation studio</text>
</svg>`;
write("og-image.png", await sharp(Buffer.from(og)).png({ compressionLevel: 9 }).toBuffer());
console.log("site assets written to", root);
