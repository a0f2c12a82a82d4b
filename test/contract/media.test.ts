/** The emulator serves its own pictures (JPEG, true blurhashes) and one looping WebM clip. */
import { decode as decodeBlurhash, isBlurhashValid } from 'blurhash';
import { decode as decodeJpeg } from 'jpeg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { base, getJson, registerKey, UNLIMITED, walk, type Page, type WireMedia, type WirePost, type WireReview } from './emulator-helpers.ts';

let key: string;
let posts: WirePost[];

beforeAll(async () => {
  key = await registerKey('media', { rate: UNLIMITED });
  posts = (await walk<WirePost>('/v1/posts?market=us', key, 50)).items;
});

const mean = (rgba: ArrayLike<number>): [number, number, number] => {
  const sum = [0, 0, 0];
  for (let i = 0; i < rgba.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += rgba[i + c]!;
  const n = rgba.length / 4;
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
};

/** Fetches a picture and checks it is the JPEG its media object describes, with the blurhash of its pixels. */
async function checkPicture(url: string, media: Pick<WireMedia, 'hash' | 'width' | 'height'>): Promise<Uint8Array> {
  expect(url.startsWith(`${base}/media/`)).toBe(true);
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/jpeg');
  expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  const image = decodeJpeg(bytes, { useTArray: true });
  if (media.width !== undefined) expect(image.width).toBe(media.width);
  if (media.height !== undefined) expect(image.height).toBe(media.height);
  expect(media.hash).toBeDefined();
  expect(isBlurhashValid(media.hash!)).toEqual({ result: true });
  // The blurhash's colours are those of this very picture.
  const [r, g, b] = mean(image.data);
  const [hr, hg, hb] = mean(decodeBlurhash(media.hash!, 16, 16));
  expect(Math.abs(r - hr), `red of ${url}`).toBeLessThan(20);
  expect(Math.abs(g - hg), `green of ${url}`).toBeLessThan(20);
  expect(Math.abs(b - hb), `blue of ${url}`).toBeLessThan(20);
  return bytes;
}

describe('pictures', () => {
  it('post images come in portrait 4:5, square, landscape 16:9 and 3:4, 640 px on the long side', async () => {
    const images = posts.filter((p) => p.type === 'IMAGE');
    const ratios = new Set(images.map((p) => `${p.media.width}x${p.media.height}`));
    expect(ratios).toEqual(new Set(['512x640', '640x640', '640x360', '480x640']));
    for (const ratio of ratios) {
      const post = images.find((p) => `${p.media.width}x${p.media.height}` === ratio)!;
      const bytes = await checkPicture(post.media.location, post.media);
      expect(bytes.length).toBeGreaterThan(5_000);
      expect(bytes.length).toBeLessThan(150_000);
    }
  });

  it('every post image has a distinct hash and a file name', () => {
    const hashes = posts.map((p) => p.media.hash);
    expect(new Set(hashes).size).toBeGreaterThan(posts.length * 0.95);
    expect(posts.every((p) => typeof p.media.filename === 'string' && p.media.filename.length > 0)).toBe(true);
  });

  it('product images, avatars and review photos are real JPEGs too', async () => {
    const tagged = posts.find((p) => p.tagged_products.length > 0)!.tagged_products[0]!.product;
    await checkPicture(tagged.media!.location, tagged.media!);
    const avatar = posts.find((p) => p.uploaded_by?.image)!.uploaded_by!.image!;
    expect(avatar.filename).toBeDefined();
    await checkPicture(avatar.location, avatar);
    const reviews = (await walk<WireReview>('/v1/products/dune-daypack/reviews?market=us', key, 50)).items.concat(
      (await walk<WireReview>('/v1/products/aster-linen-shirt/reviews?market=us', key, 50)).items,
    );
    const photo = reviews.flatMap((r) => r.media)[0];
    if (photo) await checkPicture(photo.location, photo);
  });

  it('the same picture is byte-identical on a second request, and needs no key', async () => {
    const url = posts[3]!.media.location;
    const [a, b] = await Promise.all([fetch(url), fetch(url)]);
    expect(Buffer.from(await a.arrayBuffer()).equals(Buffer.from(await b.arrayBuffer()))).toBe(true);
  });

  it('answers 404 for a picture that does not exist', async () => {
    expect((await fetch(`${base}/media/posts/pst_nothing.jpg`)).status).toBe(404);
    expect((await fetch(`${base}/media/videos/${posts.find((p) => p.type === 'IMAGE')!.id}.webm`)).status).toBe(404);
  });
});

describe('videos', () => {
  it('about a fifth of the posts are videos with a WebM location, a JPEG poster and the poster blurhash', async () => {
    const videos = posts.filter((p) => p.type === 'VIDEO');
    expect(videos.length / posts.length).toBeGreaterThan(0.12);
    expect(videos.length / posts.length).toBeLessThan(0.3);
    const video = videos[0]!;
    expect(video.media.location).toBe(`${base}/media/videos/${video.id}.webm`);
    expect(video.media.poster).toMatch(/\.jpg$/);
    const single = (await getJson<WirePost>(`/v1/posts/${video.id}?market=us`, key)).body;
    expect(single.media).toEqual(video.media);
    await checkPicture(video.media.poster!, { hash: video.media.hash, width: 640, height: 480 });
    expect(video.media.width! / video.media.height!).toBeCloseTo(640 / 480);
  });

  it('serves the clip with byte ranges', async () => {
    const video = posts.find((p) => p.type === 'VIDEO')!;
    const full = await fetch(video.media.location);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('video/webm');
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(full.headers.get('access-control-allow-origin')).toBe('*');
    const bytes = new Uint8Array(await full.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(bytes.length).toBeLessThan(60_000);

    const head = await fetch(video.media.location, { headers: { Range: 'bytes=0-99' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-99/${bytes.length}`);
    expect(new Uint8Array(await head.arrayBuffer())).toEqual(bytes.subarray(0, 100));

    const tail = await fetch(video.media.location, { headers: { Range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 10));

    const open = await fetch(video.media.location, { headers: { Range: `bytes=${bytes.length - 5}-` } });
    expect(open.status).toBe(206);
    expect((await open.arrayBuffer()).byteLength).toBe(5);

    const beyond = await fetch(video.media.location, { headers: { Range: `bytes=${bytes.length + 10}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('every video post serves the same clip', async () => {
    const videos = posts.filter((p) => p.type === 'VIDEO').slice(0, 3);
    const sizes = await Promise.all(videos.map(async (v) => (await (await fetch(v.media.location)).arrayBuffer()).byteLength));
    expect(new Set(sizes).size).toBe(1);
  });

  it('a post page shows the media with absolute URLs on the emulator', async () => {
    const page = await getJson<Page<WirePost>>('/v1/posts?market=se&limit=10', key);
    for (const post of page.body.data) {
      expect(post.media.location.startsWith(`${base}/media/`)).toBe(true);
      for (const tag of post.tagged_products) expect(tag.product.media!.location.startsWith(`${base}/media/products/`)).toBe(true);
    }
  });
});
