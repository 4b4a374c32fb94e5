/**
 * Abstract cover images for the demo posts: a gradient with translucent white shapes (a grid,
 * waves, a node graph or bars), no text. Deterministic: the same cover and seed give the same SVG.
 */
import type { DemoCover } from "./demo-posts.server";

const COVER_W = 1600;
const COVER_H = 900;

/** Tiny deterministic generator (LCG, Numerical Recipes constants) returning values in [0, 1). */
function lcg(seed: number): () => number {
  const base = Number.isFinite(seed) ? Math.floor(Math.abs(seed)) % 2147483647 : 0;
  let state = (Math.imul(base ^ 0x5bd1e995, 0x9e3779b1) ^ 0x27d4eb2d) >>> 0;
  const next = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  // Warm up so that neighbouring seeds diverge quickly.
  for (let i = 0; i < 4; i++) next();
  return next;
}

/** Rounds to one decimal place to keep the markup small. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** Formats an opacity with two decimals. */
function op(value: number): string {
  return String(Math.round(Math.min(1, Math.max(0.01, value)) * 100) / 100);
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function gridMotif(rand: () => number): string[] {
  const cols = 8;
  const rows = 5;
  const cellW = COVER_W / cols;
  const cellH = COVER_H / rows;
  const size = 96;
  const shapes: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = c * cellW + (cellW - size) / 2 + (rand() - 0.5) * 16;
      const y = r * cellH + (cellH - size) / 2 + (rand() - 0.5) * 16;
      const filled = rand() < 0.35;
      const opacity = filled ? 0.06 + rand() * 0.14 : 0.1 + rand() * 0.18;
      shapes.push(
        filled
          ? `<rect x="${n(x)}" y="${n(y)}" width="${size}" height="${size}" rx="16" fill="#fff" fill-opacity="${op(opacity)}"/>`
          : `<rect x="${n(x)}" y="${n(y)}" width="${size}" height="${size}" rx="16" fill="none" stroke="#fff" stroke-width="2" stroke-opacity="${op(opacity)}"/>`,
      );
    }
  }
  return shapes;
}

function wavesMotif(rand: () => number): string[] {
  const count = 24;
  const segments = 4;
  const segW = COVER_W / segments;
  const shapes: string[] = [];
  const baseAmp = 30 + rand() * 50;
  const phaseDrift = 0.15 + rand() * 0.25;
  for (let i = 0; i < count; i++) {
    const y0 = 120 + (i * (COVER_H - 180)) / (count - 1);
    const amp = baseAmp * (0.6 + rand() * 0.8);
    const phase = i * phaseDrift + rand() * 0.3;
    const yAt = (k: number): number => y0 + Math.sin(k * Math.PI * 0.5 + phase * Math.PI) * amp;
    let d = `M0 ${n(yAt(0))}`;
    for (let k = 0; k < segments; k++) {
      const x1 = k * segW + segW / 3;
      const x2 = k * segW + (2 * segW) / 3;
      const x3 = (k + 1) * segW;
      d += ` C${n(x1)} ${n(yAt(k + 1 / 3))} ${n(x2)} ${n(yAt(k + 2 / 3))} ${n(x3)} ${n(yAt(k + 1))}`;
    }
    const opacity = op(0.08 + rand() * 0.22);
    const width = n(1.5 + rand() * 2.5);
    shapes.push(`<path d="${d}" fill="none" stroke="#fff" stroke-width="${width}" stroke-opacity="${opacity}"/>`);
  }
  return shapes;
}

function nodesMotif(rand: () => number): string[] {
  const count = 22;
  const margin = 80;
  const points: { x: number; y: number; r: number }[] = [];
  for (let i = 0; i < count; i++) {
    points.push({
      x: margin + rand() * (COVER_W - 2 * margin),
      y: margin + rand() * (COVER_H - 2 * margin),
      r: 5 + rand() * 11,
    });
  }
  const edges = new Set<string>();
  const lines: string[] = [];
  points.forEach((p, i) => {
    const nearest = points
      .map((q, j) => ({ j, d: Math.hypot(p.x - q.x, p.y - q.y) }))
      .filter((e) => e.j !== i)
      .sort((a, b) => a.d - b.d)
      .slice(0, 2);
    for (const { j, d } of nearest) {
      const key = i < j ? `${i}-${j}` : `${j}-${i}`;
      const q = points[j];
      if (!q || edges.has(key) || d > 520 || lines.length >= 34) continue;
      edges.add(key);
      const opacity = op(0.12 + rand() * 0.2);
      lines.push(`<line x1="${n(p.x)}" y1="${n(p.y)}" x2="${n(q.x)}" y2="${n(q.y)}" stroke="#fff" stroke-width="2" stroke-opacity="${opacity}"/>`);
    }
  });
  const circles = points.map((p) => {
    const opacity = op(0.25 + rand() * 0.45);
    return `<circle cx="${n(p.x)}" cy="${n(p.y)}" r="${n(p.r)}" fill="#fff" fill-opacity="${opacity}"/>`;
  });
  return [...lines, ...circles];
}

function barsMotif(rand: () => number): string[] {
  const count = 32;
  const slot = COVER_W / count;
  const barW = slot - 14;
  const f1 = 0.15 + rand() * 0.2;
  const f2 = 0.35 + rand() * 0.3;
  const p1 = rand() * Math.PI * 2;
  const p2 = rand() * Math.PI * 2;
  const shapes: string[] = [];
  for (let i = 0; i < count; i++) {
    const wave = 0.5 + 0.3 * Math.sin(i * f1 + p1) + 0.15 * Math.sin(i * f2 + p2);
    const h = 120 + Math.max(0, Math.min(1, wave + (rand() - 0.5) * 0.2)) * 520;
    const x = i * slot + 7;
    const opacity = op(0.08 + rand() * 0.2);
    shapes.push(`<rect x="${n(x)}" y="${n(COVER_H - h)}" width="${n(barW)}" height="${n(h + 12)}" rx="8" fill="#fff" fill-opacity="${opacity}"/>`);
  }
  return shapes;
}

/** Renders a 1600x900 SVG cover (string) for a post: a gradient from->to with the motif drawn in translucent white shapes, no text. */
export function coverSvg(cover: DemoCover, seed: number): string {
  const rand = lcg(seed);
  const from = escapeAttr(cover.from);
  const to = escapeAttr(cover.to);
  let shapes: string[];
  switch (cover.motif) {
    case "grid":
      shapes = gridMotif(rand);
      break;
    case "waves":
      shapes = wavesMotif(rand);
      break;
    case "nodes":
      shapes = nodesMotif(rand);
      break;
    case "bars":
      shapes = barsMotif(rand);
      break;
  }
  const glowX = n(COVER_W * (0.55 + rand() * 0.35));
  const glowY = n(COVER_H * (0.1 + rand() * 0.35));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_W}" height="${COVER_H}" viewBox="0 0 ${COVER_W} ${COVER_H}">`,
    `<defs>`,
    `<linearGradient id="bg" x1="0" y1="1" x2="1" y2="0">`,
    `<stop offset="0" stop-color="${from}"/>`,
    `<stop offset="1" stop-color="${to}"/>`,
    `</linearGradient>`,
    `<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">`,
    `<stop offset="0" stop-color="#fff" stop-opacity="0.18"/>`,
    `<stop offset="1" stop-color="#fff" stop-opacity="0"/>`,
    `</radialGradient>`,
    `</defs>`,
    `<rect width="${COVER_W}" height="${COVER_H}" fill="url(#bg)"/>`,
    `<circle cx="${glowX}" cy="${glowY}" r="520" fill="url(#glow)"/>`,
    `<g>`,
    ...shapes,
    `</g>`,
    `</svg>`,
  ].join("");
}
