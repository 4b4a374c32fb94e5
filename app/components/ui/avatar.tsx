import { cn } from "~/lib/cn";
import { hashText, SWATCHES } from "~/lib/brand-palette";

/** The first letter of a name, upper-cased (a whole character, even outside the Basic Multilingual Plane). */
export function firstLetter(name: string): string {
  return (Array.from(name.trim())[0] ?? "?").toUpperCase();
}

/** Soft geometric motifs behind the letter, in a 100×100 box, drawn in translucent white. */
const MOTIFS = [
  // Two overlapping discs.
  <g key="discs" fill="#fff">
    <circle cx="82" cy="86" r="46" fillOpacity="0.14" />
    <circle cx="14" cy="10" r="26" fillOpacity="0.1" />
  </g>,
  // A diagonal band.
  <path key="band" d="M0 64 64 0h36v22L22 100H0z" fill="#fff" fillOpacity="0.13" />,
  // Rings from a corner.
  <g key="rings" fill="none" stroke="#fff" strokeOpacity="0.18" strokeWidth="5">
    <circle cx="100" cy="100" r="34" />
    <circle cx="100" cy="100" r="56" />
    <circle cx="100" cy="100" r="78" />
  </g>,
  // A tilted rounded square.
  <rect key="tile" x="22" y="22" width="56" height="56" rx="14" transform="rotate(45 50 50)" fill="#fff" fillOpacity="0.12" />,
];

/** Everything an avatar draws, derived from the name alone. */
function look(name: string) {
  const hash = hashText(name.trim().toLowerCase());
  return {
    from: SWATCHES[hash % SWATCHES.length]!,
    // A second hue a few steps along the palette, so neighbours in a list rarely look alike.
    to: SWATCHES[(hash + 2 + ((hash >>> 8) % 3)) % SWATCHES.length]!,
    motif: MOTIFS[(hash >>> 4) % MOTIFS.length],
    turn: ((hash >>> 12) % 4) * 90,
    letter: firstLetter(name),
  };
}

/**
 * A generated avatar: a gradient and a motif chosen from the name (the same name always looks the
 * same), with the name's first letter. Decorative: the name is always written next to it.
 * Its size comes from `className` (the letter scales with it).
 */
export function Avatar({ name, className }: { name: string; className?: string }) {
  const { from, to, motif, turn, letter } = look(name);
  return (
    <span
      aria-hidden="true"
      data-avatar={letter}
      className={cn("relative inline-flex shrink-0 overflow-hidden rounded-full shadow-[inset_0_0_0_1px_rgb(255_255_255/0.14)]", className)}
      style={{ backgroundImage: `linear-gradient(135deg, ${from.solid} 0%, ${to.deep} 100%)` }}
    >
      <svg viewBox="0 0 100 100" className="size-full">
        <g transform={`rotate(${turn} 50 50)`}>{motif}</g>
        <text
          x="50"
          y="50"
          dy="0.35em"
          textAnchor="middle"
          fontSize="44"
          fontWeight="700"
          letterSpacing="-1"
          fill="#fff"
          style={{ fontFamily: "inherit", textShadow: "0 1px 3px rgb(0 0 0 / 0.35)" }}
        >
          {letter}
        </text>
      </svg>
    </span>
  );
}

/**
 * A square picture-sized stand-in for a missing photo: the name's avatar on a backdrop tinted
 * with its colours, so a card without a photo sits well next to cards with one.
 */
export function AvatarTile({ name, className }: { name: string; className?: string }) {
  const { from } = look(name);
  return (
    <div
      aria-hidden="true"
      className={cn("flex size-full items-center justify-center bg-surface-2", className)}
      style={{
        backgroundImage: `radial-gradient(circle at 50% 45%, ${from.solid}59 0%, transparent 62%), linear-gradient(160deg, ${from.deep} 0%, transparent 75%)`,
      }}
    >
      <Avatar name={name} className="size-[46%] shadow-[0_18px_50px_-18px_rgb(0_0_0/0.8),inset_0_0_0_1px_rgb(255_255_255/0.16)] ring-8 ring-white/5" />
    </div>
  );
}
