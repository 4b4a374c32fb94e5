import { DOT_GRID } from "~/content/motion";

type Dot = { x: number; y: number; ox: number; oy: number; vx: number; vy: number };

const BASE = [45, 43, 74] as const; // dim violet-grey
const ACTIVE = [123, 97, 255] as const; // --color-primary

/**
 * The hero's interactive dot grid (constants in app/content/motion.ts): dots light up near the pointer, get
 * pushed by fast pointer moves and by a click shock wave, then spring back. Redraws only while
 * something moves; pointer moves are throttled to 50 ms. Returns a function that stops it.
 */
export function startDotGrid(canvas: HTMLCanvasElement) {
  const ctx = canvas.getContext("2d");
  if (!ctx) return () => {};
  const { dotSize, gap, proximity, shockRadius, shockStrength, resistance, returnDuration, throttleMs, maxSpeed } = DOT_GRID;
  // A damped spring that settles in about `returnDuration` seconds.
  const stiffness = ((2 * Math.PI) / returnDuration) ** 2;
  const damping = 2 * Math.sqrt(stiffness) * 0.55;

  let dots: Dot[] = [];
  let width = 0;
  let height = 0;
  let pointer = { x: -1e4, y: -1e4 };
  let last = { x: 0, y: 0, t: 0 };
  let frame = 0;
  let lastFrame = 0;

  function build() {
    const rect = canvas.getBoundingClientRect();
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    width = rect.width;
    height = rect.height;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    ctx!.setTransform(ratio, 0, 0, ratio, 0, 0);
    const cell = dotSize + gap;
    const cols = Math.floor((width + gap) / cell);
    const rows = Math.floor((height + gap) / cell);
    const startX = (width - (cols * cell - gap)) / 2 + dotSize / 2;
    const startY = (height - (rows * cell - gap)) / 2 + dotSize / 2;
    dots = [];
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) dots.push({ x: startX + c * cell, y: startY + r * cell, ox: 0, oy: 0, vx: 0, vy: 0 });
    schedule();
  }

  function draw(now: number) {
    frame = 0;
    const dt = Math.min(0.05, lastFrame ? (now - lastFrame) / 1000 : 0.016);
    lastFrame = now;
    let moving = false;
    ctx!.clearRect(0, 0, width, height);
    const proxSq = proximity * proximity;
    for (const d of dots) {
      if (d.ox !== 0 || d.oy !== 0 || d.vx !== 0 || d.vy !== 0) {
        d.vx += (-stiffness * d.ox - damping * d.vx) * dt;
        d.vy += (-stiffness * d.oy - damping * d.vy) * dt;
        d.ox += d.vx * dt;
        d.oy += d.vy * dt;
        if (Math.abs(d.ox) < 0.05 && Math.abs(d.oy) < 0.05 && Math.abs(d.vx) < 0.5 && Math.abs(d.vy) < 0.5) {
          d.ox = d.oy = d.vx = d.vy = 0;
        } else moving = true;
      }
      const dx = d.x - pointer.x;
      const dy = d.y - pointer.y;
      const distSq = dx * dx + dy * dy;
      let color = `rgb(${BASE[0]},${BASE[1]},${BASE[2]})`;
      if (distSq < proxSq) {
        const t = 1 - Math.sqrt(distSq) / proximity;
        color = `rgb(${Math.round(BASE[0] + (ACTIVE[0] - BASE[0]) * t)},${Math.round(BASE[1] + (ACTIVE[1] - BASE[1]) * t)},${Math.round(BASE[2] + (ACTIVE[2] - BASE[2]) * t)})`;
      }
      ctx!.fillStyle = color;
      ctx!.beginPath();
      ctx!.arc(d.x + d.ox, d.y + d.oy, dotSize / 2, 0, Math.PI * 2);
      ctx!.fill();
    }
    if (moving) schedule();
    else lastFrame = 0;
  }

  function schedule() {
    if (!frame) frame = requestAnimationFrame(draw);
  }

  function local(event: PointerEvent | MouseEvent) {
    const rect = canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top, inside: event.clientY >= rect.top && event.clientY <= rect.bottom };
  }

  function onMove(event: PointerEvent) {
    const now = performance.now();
    if (now - last.t < throttleMs) return;
    const p = local(event);
    const elapsed = last.t ? (now - last.t) / 1000 : 0;
    let vx = elapsed ? (p.x - last.x) / elapsed : 0;
    let vy = elapsed ? (p.y - last.y) / elapsed : 0;
    const speed = Math.hypot(vx, vy);
    if (speed > maxSpeed) {
      vx = (vx / speed) * maxSpeed;
      vy = (vy / speed) * maxSpeed;
    }
    last = { x: p.x, y: p.y, t: now };
    pointer = p.inside ? p : { x: -1e4, y: -1e4 };
    if (p.inside && speed > 100) {
      for (const d of dots) {
        const dist = Math.hypot(d.x - p.x, d.y - p.y);
        if (dist < proximity) {
          const falloff = 1 - dist / proximity;
          d.vx += vx * falloff * (resistance / maxSpeed) * 0.5;
          d.vy += vy * falloff * (resistance / maxSpeed) * 0.5;
        }
      }
    }
    schedule();
  }

  function onClick(event: MouseEvent) {
    const p = local(event);
    if (!p.inside) return;
    for (const d of dots) {
      const dist = Math.hypot(d.x - p.x, d.y - p.y);
      if (dist < shockRadius && dist > 0) {
        const falloff = 1 - dist / shockRadius;
        d.vx += ((d.x - p.x) / dist) * shockStrength * falloff * (resistance / 25);
        d.vy += ((d.y - p.y) / dist) * shockStrength * falloff * (resistance / 25);
      }
    }
    schedule();
  }

  const observer = new ResizeObserver(build);
  observer.observe(canvas);
  window.addEventListener("pointermove", onMove, { passive: true });
  window.addEventListener("click", onClick, { passive: true });
  return () => {
    observer.disconnect();
    window.removeEventListener("pointermove", onMove);
    window.removeEventListener("click", onClick);
    if (frame) cancelAnimationFrame(frame);
  };
}
