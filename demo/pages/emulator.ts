/** Status page of the Storefront API emulator: what it serves, with keys, markets, counts and sample requests. */
import '../site/shell.ts';
import { apiBase, emulatorInfo, type EmulatorInfo as Info } from '../site/env.ts';

interface Sample {
  label: string;
  path: string;
  key: string | null;
}

const byId = (id: string): HTMLElement => document.getElementById(id)!;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, children: Node[] = []): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  node.append(...children);
  return node;
}

const code = (text: string): HTMLElement => element('code', text);
const row = (cells: (string | Node)[]): HTMLTableRowElement =>
  element(
    'tr',
    undefined,
    cells.map((cell) => element('td', undefined, [typeof cell === 'string' ? document.createTextNode(cell) : cell])),
  );

function samples(info: Info): Sample[] {
  const demo = 'svc_pk_demo';
  const byPosts = [...info.products].sort((a, b) => b.post_count - a.post_count)[0]!;
  const byReviews = [...info.products].sort((a, b) => b.review_count - a.review_count)[0]!;
  const noReviews = info.products.find((p) => p.review_count === 0);
  const [first, second] = info.labels;
  return [
    { label: 'First page of posts (US)', path: '/v1/posts?market=us&limit=5', key: demo },
    { label: `Posts tagging ${byPosts.handle} (Sweden)`, path: `/v1/posts?market=se&product_ref=${byPosts.handle}&limit=5`, key: demo },
    { label: `Posts of gallery ${info.galleries[0]!.name}`, path: `/v1/posts?market=us&gallery_id=${info.galleries[0]!.id}&limit=5`, key: demo },
    { label: `Posts by @${info.profiles[1]!.username}`, path: `/v1/posts?market=us&profile_id=${info.profiles[1]!.id}&limit=5`, key: demo },
    { label: `Posts labelled ${first!.name} and ${second!.name}`, path: `/v1/posts?market=de&label_id=${first!.id},${second!.id}&label_match=all&limit=5`, key: demo },
    { label: 'A video post', path: `/v1/posts/${info.samples.video_post}?market=us`, key: demo },
    ...(info.samples.corner_hotspots_post ? [{ label: 'A post with hotspots in the corners', path: `/v1/posts/${info.samples.corner_hotspots_post}?market=us`, key: demo }] : []),
    { label: `Reviews of ${byReviews.handle}, with originals (Germany)`, path: `/v1/products/${byReviews.handle}/reviews?market=de&include=localization&limit=5`, key: demo },
    { label: `Review summary of ${byReviews.handle} (Sweden)`, path: `/v1/products/${byReviews.handle}/review-summary?market=se`, key: demo },
    ...(noReviews ? [{ label: `Review summary of ${noReviews.handle} (no reviews)`, path: `/v1/products/${noReviews.handle}/review-summary?market=us`, key: demo }] : []),
    { label: 'Company reviews, highest first', path: '/v1/company/reviews?market=us&sort=highest&limit=5', key: demo },
    { label: 'Company review summary', path: '/v1/company/review-summary?market=de', key: demo },
    { label: `Rich snippet of ${byReviews.handle}`, path: `/v1/products/${byReviews.handle}/rich-snippet?market=us`, key: demo },
    { label: '403: reviews on a plan without Reviews', path: '/v1/company/review-summary?market=us', key: 'svc_pk_demo_noreviews' },
    { label: '400: invalid parameters', path: '/v1/posts?limit=100', key: demo },
    { label: '401: no key', path: '/v1/posts?market=us', key: null },
  ];
}

async function send(sample: Sample): Promise<void> {
  const out = byId('response');
  out.textContent = `GET ${sample.path} …`;
  try {
    const response = await fetch(`${apiBase}${sample.path}`, { headers: sample.key ? { Authorization: `Bearer ${sample.key}` } : {} });
    const headers = ['content-type', 'cache-control', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after']
      .map((name) => [name, response.headers.get(name)] as const)
      .filter(([, value]) => value !== null)
      .map(([name, value]) => `${name}: ${value}`);
    const text = await response.text();
    let pretty = text;
    try {
      pretty = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // shown as received
    }
    out.textContent = [`GET ${sample.path}`, `key: ${sample.key ?? '(none)'}`, '', `${response.status} ${response.statusText}`, ...headers, '', pretty].join('\n');
  } catch (error) {
    out.textContent = `GET ${sample.path} failed: ${String(error)}`;
  }
}

async function showPictures(): Promise<void> {
  const response = await fetch(`${apiBase}/v1/posts?market=us&limit=8`, { headers: { Authorization: 'Bearer svc_pk_demo' } });
  if (!response.ok) return;
  const page = (await response.json()) as { data: { type: string; alt?: string; media: { location: string; poster?: string; width?: number; height?: number } }[] };
  byId('pictures').replaceChildren(
    ...page.data.map((post) => {
      const img = element('img');
      img.src = post.media.poster ?? post.media.location;
      img.alt = post.alt ?? `${post.type.toLowerCase()} post`;
      if (post.media.width && post.media.height) {
        img.width = Math.round((120 * post.media.width) / post.media.height);
        img.height = 120;
      }
      img.loading = 'lazy';
      return img;
    }),
  );
}

function render(info: Info): void {
  byId('status').textContent = `Serving ${info.api_base} — ${info.counts.posts} posts, ${info.counts.products} products, ${info.counts.product_reviews} product reviews.`;
  byId('endpoints').replaceChildren(...info.endpoints.map((e) => row([e.method, code(e.path), e.query, e.returns])));
  byId('keys').replaceChildren(
    ...info.keys.map((k) => element('li', undefined, [code(k.key), document.createTextNode(` — ${k.description}`)])),
    element('li', `${info.test_keys} test key(s) registered through /__emulator/keys`),
  );
  byId('markets').replaceChildren(...info.markets.map((m) => row([code(m.shortId), code(m.id), m.title + (m.default ? ' (default)' : ''), m.currency, m.language])));
  byId('counts').replaceChildren(
    ...Object.entries(info.counts).map(([name, value]) => element('div', undefined, [element('dt', name.replace(/_/g, ' ')), element('dd', value.toLocaleString('en-US'))])),
  );
  byId('samples').replaceChildren(
    ...samples(info).map((sample) => {
      const link = element('a', sample.label);
      link.href = `${apiBase}${sample.path}`;
      link.addEventListener('click', (event) => {
        event.preventDefault();
        void send(sample);
      });
      return element('li', undefined, [link, document.createTextNode(' '), code(sample.path)]);
    }),
  );
  byId('control').replaceChildren(...info.control_endpoints.map((c) => element('li', undefined, [code(`${c.method} ${c.path}`), document.createTextNode(c.body ? ` ${c.body}` : '')])));
}

async function main(): Promise<void> {
  const status = byId('status');
  try {
    render(await emulatorInfo());
    await showPictures();
  } catch (error) {
    status.dataset.state = 'error';
    status.textContent = `Could not reach the emulator at ${apiBase} (${String(error)}). Start it with npm run emulator.`;
  }
}

void main();
