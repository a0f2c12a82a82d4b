/**
 * Procedural pictures for the emulator's media: a handful of scene kinds (landscapes,
 * still lifes, bokeh, flat lays, product shots, avatars) painted per pixel from a seed.
 * The same spec gives the same picture at any size, so a 32 px render gives the true
 * blurhash of the 640 px JPEG.
 */
import { createRng, type Rng } from './data/prng.ts';

export type SceneKind = 'landscape' | 'stilllife' | 'bokeh' | 'flatlay' | 'product' | 'avatar';
export type ProductShape = 'tall' | 'wide' | 'round' | 'bag';

export interface ImageSpec {
  kind: SceneKind;
  /** Any string; the same seed paints the same picture. */
  seed: string;
  width: number;
  height: number;
  /** Product shots only. */
  shape?: ProductShape;
}

type RGB = [number, number, number];
/** Paints one pixel: `x` runs over 0..aspect and `y` over 0..1; `aa` is about one pixel. */
type Painter = (x: number, y: number, aa: number, out: RGB) => void;

interface Palette {
  sky: [RGB, RGB];
  sun: RGB;
  land: [RGB, RGB, RGB];
  accents: [RGB, RGB, RGB];
  wall: [RGB, RGB];
  table: RGB;
}

const hex = (h: string): RGB => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
const palette = (sky: string[], sun: string, land: string[], accents: string[], wall: string[], table: string): Palette => ({
  sky: [hex(sky[0]!), hex(sky[1]!)],
  sun: hex(sun),
  land: [hex(land[0]!), hex(land[1]!), hex(land[2]!)],
  accents: [hex(accents[0]!), hex(accents[1]!), hex(accents[2]!)],
  wall: [hex(wall[0]!), hex(wall[1]!)],
  table: hex(table),
});

const PALETTES: Palette[] = [
  palette(['#355c7d', '#f8b195'], '#fff1c1', ['#a0708a', '#6c5b7b', '#3b3153'], ['#f67280', '#f8b195', '#c06c84'], ['#f3e9dc', '#e6d2bf'], '#c8a27a'),
  palette(['#8ec5fc', '#e0f4ff'], '#ffffff', ['#8cc084', '#5a9a5c', '#2f6b3a'], ['#ffb703', '#fb8500', '#219ebc'], ['#fefae0', '#e9edc9'], '#bc8a5f'),
  palette(['#ff9a8b', '#ffe3b3'], '#fff7e0', ['#e29578', '#b5654a', '#6d3a2c'], ['#3d405b', '#81b29a', '#f2cc8f'], ['#f4f1de', '#eadfc8'], '#a47551'),
  palette(['#134e5e', '#a8d5ba'], '#f9f7d9', ['#4f7f6a', '#2f5d50', '#173a30'], ['#f4a261', '#e9c46a', '#e76f51'], ['#e9f5f2', '#cfe8e1'], '#6b4f3a'),
  palette(['#614385', '#e8a0bf'], '#ffd3a5', ['#6a4c7c', '#47345e', '#261c38'], ['#fd6585', '#ffd3a5', '#76e0c2'], ['#ede7f6', '#d8cbe9'], '#7d6470'),
  palette(['#56ccf2', '#e0f7fa'], '#fffde7', ['#f2d48c', '#e0a93b', '#b7791f'], ['#2d9cdb', '#eb5757', '#27ae60'], ['#fffaf0', '#f6e7cb'], '#d4a373'),
  palette(['#274046', '#e6dada'], '#fff4e0', ['#7d9a98', '#4f6968', '#2a3b3b'], ['#d9a441', '#c8553d', '#f2e9e4'], ['#eeeeea', '#d8d8d0'], '#8c7b6b'),
  palette(['#ee9ca7', '#ffdde1'], '#fffaf5', ['#d8a7b1', '#b6837c', '#7f5a58'], ['#6d597a', '#355070', '#eaac8b'], ['#fdf0ec', '#f3d9d3'], '#b08968'),
  palette(['#0f2027', '#4a7c8c'], '#fbe9b7', ['#3c5a66', '#223c46', '#0f2027'], ['#ffd166', '#06d6a0', '#ef476f'], ['#e8eef0', '#ccd8dc'], '#5c4b3b'),
  palette(['#f6d365', '#fda085'], '#fffbe6', ['#e07a5f', '#a44a3f', '#5e2b2b'], ['#264653', '#2a9d8f', '#e9c46a'], ['#fbf3e4', '#f1dfc6'], '#9c6644'),
];

const SKIN: RGB[] = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac', '#d9a07a'].map(hex);
const HAIR: RGB[] = ['#2b1d14', '#4a3021', '#8b5a2b', '#d6b370', '#1c1c1c', '#a0522d'].map(hex);

const clamp01 = (t: number): number => (t < 0 ? 0 : t > 1 ? 1 : t);
const smooth = (t: number): number => {
  const c = clamp01(t);
  return c * c * (3 - 2 * c);
};
/** Share of a pixel covered by a shape, from its signed distance (negative inside). */
const cover = (sd: number, aa: number): number => clamp01(0.5 - sd / aa);
const mixInto = (out: RGB, c: RGB, t: number): void => {
  if (t <= 0) return;
  out[0] += (c[0] - out[0]) * t;
  out[1] += (c[1] - out[1]) * t;
  out[2] += (c[2] - out[2]) * t;
};
const set = (out: RGB, c: RGB): void => {
  out[0] = c[0];
  out[1] = c[1];
  out[2] = c[2];
};
const gradient = (out: RGB, a: RGB, b: RGB, t: number): void => {
  set(out, a);
  mixInto(out, b, t);
};
const shade = (c: RGB, f: number): RGB => [c[0] * f, c[1] * f, c[2] * f];
const lighten = (c: RGB, t: number): RGB => [c[0] + (255 - c[0]) * t, c[1] + (255 - c[1]) * t, c[2] + (255 - c[2]) * t];

/** Signed distance to a box centred at (cx, cy) with half sizes hw, hh and corner radius r. */
function roundBox(x: number, y: number, cx: number, cy: number, hw: number, hh: number, r: number): number {
  const qx = Math.abs(x - cx) - hw + r;
  const qy = Math.abs(y - cy) - hh + r;
  const ox = Math.max(qx, 0);
  const oy = Math.max(qy, 0);
  return Math.sqrt(ox * ox + oy * oy) + Math.min(Math.max(qx, qy), 0) - r;
}
/** Approximate signed distance to an ellipse (good enough for soft shapes). */
function ellipse(x: number, y: number, cx: number, cy: number, rx: number, ry: number): number {
  const dx = (x - cx) / rx;
  const dy = (y - cy) / ry;
  return (Math.sqrt(dx * dx + dy * dy) - 1) * Math.min(rx, ry);
}

interface Solid {
  kind: 'box' | 'ball' | 'cup';
  cx: number;
  cy: number;
  hw: number;
  hh: number;
  color: RGB;
}

/** A shaded object standing on a surface, with its soft shadow. */
function paintSolid(s: Solid, x: number, y: number, aa: number, out: RGB): void {
  const bottom = s.cy + s.hh;
  const shadow = ellipse(x, y, s.cx + s.hw * 0.35, bottom, s.hw * 1.25, 0.028);
  mixInto(out, shade(out, 0.62), cover(shadow, aa + 0.05) * 0.8);
  if (s.kind === 'ball') {
    const r = s.hw;
    const dx = x - s.cx;
    const dy = y - s.cy;
    const d = Math.sqrt(dx * dx + dy * dy);
    const c = cover(d - r, aa);
    if (c <= 0) return;
    const nx = dx / r;
    const ny = dy / r;
    const nz = Math.sqrt(Math.max(0, 1 - nx * nx - ny * ny));
    const light = Math.max(0, -0.5 * nx - 0.55 * ny + 0.67 * nz);
    const col = shade(s.color, 0.45 + 0.7 * light);
    mixInto(col, [255, 255, 255], Math.pow(light, 24) * 0.7);
    mixInto(out, col, c);
    return;
  }
  if (s.kind === 'cup') {
    const ring = Math.abs(ellipse(x, y, s.cx + s.hw, s.cy, s.hw * 0.45, s.hh * 0.45)) - 0.012;
    mixInto(out, shade(s.color, 0.8), cover(ring, aa));
  }
  const d = roundBox(x, y, s.cx, s.cy, s.hw, s.hh, Math.min(s.hw, s.hh) * (s.kind === 'cup' ? 0.25 : 0.35));
  const c = cover(d, aa);
  if (c <= 0) return;
  const lx = clamp01((x - s.cx + s.hw) / (2 * s.hw));
  const col = shade(s.color, 1.12 - 0.38 * lx);
  mixInto(col, [255, 255, 255], Math.exp(-Math.pow((lx - 0.22) / 0.07, 2)) * 0.22);
  mixInto(out, col, c);
}

function landscape(rng: Rng, p: Palette, aspect: number): Painter {
  const horizon = 0.55 + rng.next() * 0.15;
  const sun = { x: (0.15 + rng.next() * 0.7) * aspect, y: horizon - 0.1 - rng.next() * 0.22, r: 0.05 + rng.next() * 0.05 };
  const clouds = Array.from({ length: rng.int(0, 3) }, () => ({
    x: rng.next() * aspect,
    y: 0.08 + rng.next() * (horizon - 0.25),
    rx: 0.12 + rng.next() * 0.2,
    ry: 0.025 + rng.next() * 0.03,
  }));
  const hills = [0, 1, 2].map((i) => ({
    base: horizon + i * 0.1 - 0.04,
    amp: 0.03 + rng.next() * 0.06,
    f1: 1.5 + rng.next() * 3,
    f2: 5 + rng.next() * 5,
    p1: rng.next() * 6.3,
    p2: rng.next() * 6.3,
    color: i === 0 ? lighten(p.land[0], 0.18) : p.land[i as 1 | 2],
  }));
  return (x, y, aa, out) => {
    gradient(out, p.sky[0], p.sky[1], smooth(y / horizon));
    const dx = x - sun.x;
    const dy = y - sun.y;
    const d = Math.sqrt(dx * dx + dy * dy);
    mixInto(out, p.sun, 0.5 * Math.exp(-(d * d) / 0.06));
    mixInto(out, p.sun, cover(d - sun.r, aa));
    for (const c of clouds) mixInto(out, [255, 255, 255], cover(ellipse(x, y, c.x, c.y, c.rx, c.ry), aa + 0.04) * 0.45);
    for (const h of hills) {
      const top = h.base + h.amp * (0.6 * Math.sin(x * h.f1 + h.p1) + 0.4 * Math.sin(x * h.f2 + h.p2));
      const c = cover(top - y, aa);
      if (c > 0) mixInto(out, shade(h.color, 1 - clamp01((y - top) * 0.9) * 0.35), c);
    }
  };
}

function stillLife(rng: Rng, p: Palette, aspect: number): Painter {
  const tableY = 0.62 + rng.next() * 0.1;
  const band = { from: rng.next() * aspect * 0.6, width: 0.15 + rng.next() * 0.25 };
  const count = rng.int(2, 3);
  const solids: Solid[] = [];
  for (let i = 0; i < count; i++) {
    const kind = rng.pick(['box', 'ball', 'cup', 'box'] as const);
    const hw = kind === 'ball' ? 0.06 + rng.next() * 0.05 : 0.05 + rng.next() * 0.07;
    const hh = kind === 'ball' ? hw : kind === 'cup' ? hw * 0.9 : 0.08 + rng.next() * 0.14;
    const cx = ((i + 0.5 + (rng.next() - 0.5) * 0.4) / count) * aspect;
    const bottom = tableY + 0.05 + rng.next() * 0.08;
    solids.push({ kind, cx, cy: bottom - hh, hw, hh, color: p.accents[i % 3]! });
  }
  solids.sort((a, b) => a.cy + a.hh - (b.cy + b.hh));
  return (x, y, aa, out) => {
    if (y < tableY) {
      gradient(out, p.wall[0], p.wall[1], y / tableY);
      const s = x - band.from - 0.5 * y;
      mixInto(out, [255, 255, 250], cover(Math.abs(s - band.width / 2) - band.width / 2, aa + 0.05) * 0.25);
    } else {
      gradient(out, p.table, shade(p.table, 0.72), (y - tableY) / (1 - tableY));
      mixInto(out, lighten(p.table, 0.35), cover(Math.abs(y - tableY - 0.004) - 0.003, aa) * 0.6);
    }
    for (const s of solids) paintSolid(s, x, y, aa, out);
  };
}

function bokeh(rng: Rng, p: Palette, aspect: number): Painter {
  const dark: [RGB, RGB] = [shade(p.sky[0], 0.55), shade(p.sky[1], 0.45)];
  const lights = Array.from({ length: rng.int(22, 34) }, () => {
    const r = 0.025 + Math.pow(rng.next(), 2) * 0.13;
    return { x: rng.next() * aspect, y: rng.next(), r, color: rng.pick([...p.accents, p.sun]), alpha: 0.18 + rng.next() * 0.35 };
  });
  return (x, y, aa, out) => {
    gradient(out, dark[0], dark[1], clamp01((x / aspect) * 0.5 + y * 0.5));
    for (const l of lights) {
      const dx = x - l.x;
      const dy = y - l.y;
      const d = Math.sqrt(dx * dx + dy * dy);
      if (d > l.r * 1.3 + aa) continue;
      const c = cover(d - l.r, aa + l.r * 0.15) * l.alpha;
      const rim = 1 + 0.35 * Math.exp(-Math.pow((d - l.r * 0.9) / (l.r * 0.1), 2));
      out[0] = out[0] + (255 - (255 - out[0]) * (255 - Math.min(255, l.color[0] * rim)) / 255 - out[0]) * c;
      out[1] = out[1] + (255 - (255 - out[1]) * (255 - Math.min(255, l.color[1] * rim)) / 255 - out[1]) * c;
      out[2] = out[2] + (255 - (255 - out[2]) * (255 - Math.min(255, l.color[2] * rim)) / 255 - out[2]) * c;
    }
  };
}

function flatLay(rng: Rng, p: Palette, aspect: number): Painter {
  const items = Array.from({ length: rng.int(4, 7) }, (_, i) => ({
    kind: rng.pick(['plate', 'book', 'leaf', 'cup'] as const),
    x: (0.1 + rng.next() * 0.8) * aspect,
    y: 0.1 + rng.next() * 0.8,
    size: 0.08 + rng.next() * 0.1,
    angle: rng.next() * Math.PI,
    color: i % 4 === 3 ? lighten(p.wall[1], 0.5) : p.accents[i % 3]!,
  })).map((it) => ({ ...it, cos: Math.cos(it.angle), sin: Math.sin(it.angle) }));
  const distance = (it: (typeof items)[number], x: number, y: number): number => {
    const lx = (x - it.x) * it.cos + (y - it.y) * it.sin;
    const ly = -(x - it.x) * it.sin + (y - it.y) * it.cos;
    if (it.kind === 'book') return roundBox(lx, ly, 0, 0, it.size * 0.75, it.size, 0.008);
    if (it.kind === 'leaf') return ellipse(lx, ly, 0, 0, it.size * 1.1, it.size * 0.4);
    return Math.sqrt(lx * lx + ly * ly) - it.size * (it.kind === 'cup' ? 0.6 : 1);
  };
  return (x, y, aa, out) => {
    gradient(out, p.wall[0], p.wall[1], clamp01((x / aspect + y) / 2));
    for (const it of items) {
      if (Math.abs(x - it.x) > it.size * 1.2 + 0.06 || Math.abs(y - it.y) > it.size * 1.2 + 0.06) continue;
      mixInto(out, shade(out, 0.7), cover(distance(it, x - 0.012, y - 0.018), aa + 0.025) * 0.6);
      const d = distance(it, x, y);
      const c = cover(d, aa);
      if (c <= 0) continue;
      const col: RGB = [...it.color];
      if (it.kind === 'plate' || it.kind === 'cup') mixInto(col, shade(it.color, 0.8), cover(Math.abs(d + it.size * 0.22) - 0.006, aa));
      if (it.kind === 'cup') mixInto(col, shade(p.table, 0.55), cover(d + it.size * 0.15, aa));
      if (it.kind === 'leaf') mixInto(col, shade(it.color, 0.7), cover(Math.abs((x - it.x) * it.sin - (y - it.y) * it.cos) - 0.003, aa) * 0.8);
      mixInto(out, col, c);
    }
  };
}

function product(rng: Rng, p: Palette, aspect: number, shape: ProductShape): Painter {
  const floor = 0.7 + rng.next() * 0.06;
  const color = rng.pick(p.accents);
  const cx = aspect / 2;
  const dims = { tall: [0.13, 0.25], wide: [0.28, 0.13], round: [0.15, 0.15], bag: [0.22, 0.18] }[shape];
  const [hw, hh] = dims as [number, number];
  const solid: Solid = { kind: shape === 'round' ? 'cup' : 'box', cx, cy: floor + 0.06 - hh, hw, hh, color };
  return (x, y, aa, out) => {
    gradient(out, p.wall[0], p.wall[1], smooth((y - floor + 0.25) / 0.5));
    if (shape === 'bag') {
      const handle = Math.abs(ellipse(x, y, cx, solid.cy - hh, hw * 0.55, hh * 0.8)) - 0.012;
      if (y < solid.cy) mixInto(out, shade(color, 0.75), cover(handle, aa));
    }
    if (shape === 'tall') mixInto(out, shade(color, 0.6), cover(roundBox(x, y, cx, solid.cy - hh - 0.03, hw * 0.4, 0.04, 0.01), aa));
    paintSolid(solid, x, y, aa, out);
  };
}

function avatar(rng: Rng, p: Palette): Painter {
  const bg = rng.pick(p.accents);
  const skin = rng.pick(SKIN);
  const hair = rng.pick(HAIR);
  const shirt = rng.pick(p.land);
  return (x, y, aa, out) => {
    gradient(out, lighten(bg, 0.35), bg, y);
    mixInto(out, shirt, cover(ellipse(x, y, 0.5, 1.08, 0.4, 0.36), aa));
    mixInto(out, shade(skin, 0.92), cover(roundBox(x, y, 0.5, 0.68, 0.07, 0.08, 0.03), aa));
    mixInto(out, hair, cover(Math.sqrt((x - 0.5) ** 2 + (y - 0.37) ** 2) - 0.215, aa));
    mixInto(out, skin, cover(ellipse(x, y, 0.5, 0.45, 0.17, 0.2), aa));
  };
}

function painterFor(spec: ImageSpec): Painter {
  const rng = createRng(`scene:${spec.seed}`);
  const p = rng.pick(PALETTES);
  const aspect = spec.width / spec.height;
  switch (spec.kind) {
    case 'landscape':
      return landscape(rng, p, aspect);
    case 'stilllife':
      return stillLife(rng, p, aspect);
    case 'bokeh':
      return bokeh(rng, p, aspect);
    case 'flatlay':
      return flatLay(rng, p, aspect);
    case 'product':
      return product(rng, p, aspect, spec.shape ?? 'round');
    case 'avatar':
      return avatar(rng, p);
  }
}

/**
 * Renders `spec` at `width` x `height` pixels as RGBA. `grain` adds a little film noise
 * (for the full-size JPEG; it would only disturb the tiny render that gives the blurhash).
 */
export function renderScene(spec: ImageSpec, width: number, height: number, grain = false): Uint8ClampedArray {
  const paint = painterFor(spec);
  const aspect = spec.width / spec.height;
  const pixels = new Uint8ClampedArray(width * height * 4);
  const out: RGB = [0, 0, 0];
  const aa = 1.2 / height;
  let noise = 0x9e3779b9;
  for (let py = 0; py < height; py++) {
    const y = (py + 0.5) / height;
    for (let px = 0; px < width; px++) {
      const x = ((px + 0.5) / width) * aspect;
      paint(x, y, aa, out);
      const vx = x / aspect - 0.5;
      const vy = y - 0.5;
      let f = 1 - 0.35 * (vx * vx + vy * vy);
      let n = 0;
      if (grain) {
        noise ^= noise << 13;
        noise ^= noise >>> 17;
        noise ^= noise << 5;
        n = ((noise >>> 0) % 9) - 4;
      }
      f = Math.max(0, f);
      const i = (py * width + px) * 4;
      pixels[i] = out[0] * f + n;
      pixels[i + 1] = out[1] * f + n;
      pixels[i + 2] = out[2] * f + n;
      pixels[i + 3] = 255;
    }
  }
  return pixels;
}
