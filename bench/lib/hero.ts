import jpeg from 'jpeg-js';

/**
 * The product page's hero picture, drawn at bench time (no binary in the repository): a
 * 1000×1250 JPEG of a shirt-like shape on a linen-coloured ground with a fine weave, so
 * that it weighs what a product photo weighs (some 140 kB at quality 80).
 */
export function heroJpeg(width = 1000, height = 1250): Buffer {
  const data = Buffer.alloc(width * height * 4);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * 8;
  };
  const cx = width / 2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Body of the shirt: a trapezoid with sleeves, collar notch at the top.
      const t = y / height;
      const half = t < 0.12 ? 0 : t < 0.35 ? width * (0.18 + (t - 0.12) * 1.1) : width * 0.3;
      const inShirt = t > 0.1 && t < 0.92 && Math.abs(x - cx) < half && !(t < 0.2 && Math.abs(x - cx) < width * 0.05);
      const weave = ((x >> 1) % 2 === (y >> 1) % 2 ? 3 : -3) + noise();
      const shade = Math.sin(x / 37) * 8 + Math.cos(y / 53) * 6;
      const i = (y * width + x) * 4;
      const [r, g, b] = inShirt ? [205 + shade, 188 + shade, 160 + shade] : [236 - t * 20, 230 - t * 20, 220 - t * 22];
      data[i] = Math.max(0, Math.min(255, r + weave));
      data[i + 1] = Math.max(0, Math.min(255, g + weave));
      data[i + 2] = Math.max(0, Math.min(255, b + weave));
      data[i + 3] = 255;
    }
  }
  return Buffer.from(jpeg.encode({ data, width, height }, 80).data);
}
