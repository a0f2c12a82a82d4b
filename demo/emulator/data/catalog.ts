/** Fixed reference data of the demo workspace: markets, product types, labels, galleries, profiles. */
import type { ProductShape } from '../scene.ts';
import type { Lang, Text } from './i18n.ts';

export interface Market {
  id: string;
  shortId: string;
  title: string;
  country: string;
  currency: string;
  language: Lang;
  domain: string;
  default: boolean;
  /** Multiplier from the USD list price. */
  rate: number;
}

export const MARKETS: Market[] = [
  { id: 'mkt_01hv8us5k2qz', shortId: 'us', title: 'United States', country: 'US', currency: 'USD', language: 'en', domain: 'https://shop.example.com', default: true, rate: 1 },
  { id: 'mkt_01hv8de3m7xw', shortId: 'de', title: 'Deutschland', country: 'DE', currency: 'EUR', language: 'de', domain: 'https://shop.example.com/de', default: false, rate: 0.92 },
  { id: 'mkt_01hv8se9r4tn', shortId: 'se', title: 'Sverige', country: 'SE', currency: 'SEK', language: 'sv', domain: 'https://shop.example.com/se', default: false, rate: 10.6 },
];

export function findMarket(ref: string): Market | undefined {
  return MARKETS.find((m) => m.id === ref || m.shortId === ref);
}

/** Rounds a converted price the way a shop would: x.99 in USD, x.95 in EUR, whole tens minus one in SEK. */
export function shopPrice(usd: number, market: Market): number {
  const raw = usd * market.rate;
  if (market.currency === 'SEK') return Math.max(9, Math.round(raw / 10) * 10 - 1);
  const ending = market.currency === 'EUR' ? 0.05 : 0.01;
  return Number((Math.max(1, Math.round(raw)) - ending).toFixed(2));
}

export interface ItemType {
  key: string;
  name: Text;
  category: Text;
  shape: ProductShape;
  /** USD list price range. */
  price: [number, number];
}

const item = (key: string, en: string, de: string, sv: string, category: Text, shape: ProductShape, price: [number, number]): ItemType => ({
  key,
  name: { en, de, sv },
  category,
  shape,
  price,
});
const cat = (en: string, de: string, sv: string): Text => ({ en, de, sv });
const TOPS = cat('Apparel > Tops', 'Bekleidung > Oberteile', 'Kläder > Överdelar');
const OUTERWEAR = cat('Apparel > Outerwear', 'Bekleidung > Jacken', 'Kläder > Ytterkläder');
const BAGS = cat('Accessories > Bags', 'Accessoires > Taschen', 'Accessoarer > Väskor');
const ACCESSORIES = cat('Accessories', 'Accessoires', 'Accessoarer');
const KITCHEN = cat('Home > Kitchen', 'Wohnen > Küche', 'Hem > Kök');
const HOME = cat('Home > Living', 'Wohnen > Wohnzimmer', 'Hem > Vardagsrum');
const BEAUTY = cat('Beauty > Skincare', 'Beauty > Hautpflege', 'Skönhet > Hudvård');
const OUTDOOR = cat('Outdoor > Camping', 'Outdoor > Camping', 'Friluftsliv > Camping');
const FOOTWEAR = cat('Footwear', 'Schuhe', 'Skor');

export const ITEM_TYPES: ItemType[] = [
  item('linen-shirt', 'Linen Shirt', 'Leinenhemd', 'Linneskjorta', TOPS, 'wide', [49, 89]),
  item('merino-sweater', 'Merino Sweater', 'Merinopullover', 'Merinotröja', TOPS, 'wide', [89, 149]),
  item('rain-jacket', 'Rain Jacket', 'Regenjacke', 'Regnjacka', OUTERWEAR, 'wide', [129, 229]),
  item('down-vest', 'Down Vest', 'Daunenweste', 'Dunväst', OUTERWEAR, 'wide', [99, 169]),
  item('canvas-tote', 'Canvas Tote', 'Canvas-Tasche', 'Kanvasväska', BAGS, 'bag', [29, 49]),
  item('daypack', 'Daypack', 'Tagesrucksack', 'Dagsryggsäck', BAGS, 'bag', [69, 119]),
  item('water-bottle', 'Water Bottle', 'Trinkflasche', 'Vattenflaska', OUTDOOR, 'tall', [24, 39]),
  item('camp-mug', 'Camp Mug', 'Campingbecher', 'Campingmugg', OUTDOOR, 'round', [18, 29]),
  item('ceramic-mug', 'Ceramic Mug', 'Keramikbecher', 'Keramikmugg', KITCHEN, 'round', [22, 34]),
  item('pour-over-set', 'Pour-Over Set', 'Handfilter-Set', 'Pour over-set', KITCHEN, 'tall', [39, 69]),
  item('wool-throw', 'Wool Throw', 'Wolldecke', 'Ullpläd', HOME, 'wide', [79, 139]),
  item('scented-candle', 'Scented Candle', 'Duftkerze', 'Doftljus', HOME, 'round', [19, 36]),
  item('face-oil', 'Face Oil', 'Gesichtsöl', 'Ansiktsolja', BEAUTY, 'tall', [28, 58]),
  item('hand-cream', 'Hand Cream', 'Handcreme', 'Handkräm', BEAUTY, 'tall', [12, 24]),
  item('sunglasses', 'Sunglasses', 'Sonnenbrille', 'Solglasögon', ACCESSORIES, 'wide', [59, 129]),
  item('beanie', 'Beanie', 'Strickmütze', 'Mössa', ACCESSORIES, 'round', [24, 39]),
  item('sneakers', 'Sneakers', 'Sneaker', 'Sneakers', FOOTWEAR, 'wide', [89, 139]),
  item('hiking-boots', 'Hiking Boots', 'Wanderschuhe', 'Vandringskängor', FOOTWEAR, 'wide', [149, 229]),
  item('yoga-mat', 'Yoga Mat', 'Yogamatte', 'Yogamatta', OUTDOOR, 'wide', [39, 79]),
  item('tent', '2-Person Tent', '2-Personen-Zelt', 'Tält för två', OUTDOOR, 'bag', [199, 349]),
  item('led-lantern', 'LED Lantern', 'LED-Laterne', 'LED-lykta', OUTDOOR, 'tall', [29, 59]),
  item('wool-scarf', 'Wool Scarf', 'Wollschal', 'Ullhalsduk', ACCESSORIES, 'wide', [39, 69]),
];

/** Product line names; each item type exists in two lines (44 products). */
export const LINES = ['Aster', 'Birch', 'Cove', 'Dune', 'Ember', 'Fjord', 'Gale', 'Heath', 'Isle', 'Juniper', 'Kestrel'];

export const BRAND = 'Northwind Goods';

export interface Label {
  id: string;
  name: string;
}
/** 24-hex ids as in API v1. The last label is attached to no post. */
export const LABELS: Label[] = [
  { id: '65f1a0c2e4b0a1d2c3e4f501', name: 'Summer' },
  { id: '65f1a0c2e4b0a1d2c3e4f502', name: 'Bestsellers' },
  { id: '65f1a0c2e4b0a1d2c3e4f503', name: 'Outdoor' },
  { id: '65f1a0c2e4b0a1d2c3e4f504', name: 'Home & living' },
  { id: '65f1a0c2e4b0a1d2c3e4f505', name: 'Staff picks' },
  { id: '65f1a0c2e4b0a1d2c3e4f506', name: 'Sustainable' },
  { id: '65f1a0c2e4b0a1d2c3e4f507', name: 'Creators' },
  { id: '65f1a0c2e4b0a1d2c3e4f508', name: 'Archive' },
];
/** Share of posts that carry each label (the last, "Archive", none). */
export const LABEL_SHARES = [0.35, 0.3, 0.25, 0.2, 0.12, 0.18, 0.22, 0];

export interface Gallery {
  id: string;
  name: string;
  share: number;
}
export const GALLERIES: Gallery[] = [
  { id: 'gal_hp4k2m9q', name: 'Homepage', share: 0.5 },
  { id: 'gal_sm7x1c3d', name: 'Summer lookbook', share: 0.2 },
  { id: 'gal_od2v8n6r', name: 'Outdoor adventures', share: 0.25 },
  { id: 'gal_hm5t9w2e', name: 'At home', share: 0.2 },
  { id: 'gal_cr3j6p8y', name: 'Creator picks', share: 0.1 },
];

export interface Profile {
  id: string;
  username: string;
  /** Whether the profile has a profile picture. */
  avatar: boolean;
  /** Relative share of posts. */
  weight: number;
}
export const PROFILES: Profile[] = [
  { id: 'prf_nw0brand01', username: 'northwind.goods', avatar: true, weight: 6 },
  { id: 'prf_el1outdr02', username: 'ella.outdoors', avatar: true, weight: 5 },
  { id: 'prf_lk2brews03', username: 'lukas_brews', avatar: true, weight: 3 },
  { id: 'prf_sf3home004', username: 'sofia.home', avatar: true, weight: 4 },
  { id: 'prf_mt4moves05', username: 'matteo.moves', avatar: false, weight: 2 },
  { id: 'prf_as5knits06', username: 'astrid_knits', avatar: true, weight: 3 },
  { id: 'prf_no6trail07', username: 'noah.trails', avatar: true, weight: 3 },
  { id: 'prf_mj7bakes08', username: 'maja.bakes', avatar: false, weight: 2 },
  { id: 'prf_ol8frame09', username: 'olivia.frames', avatar: true, weight: 3 },
  { id: 'prf_le9cycle10', username: 'leo.cycles', avatar: true, weight: 2 },
  { id: 'prf_fr0style11', username: 'freja.style', avatar: true, weight: 4 },
  { id: 'prf_ka1coffe12', username: 'kai.coffee', avatar: true, weight: 1 },
];

/** Reviewer names by the language they write in. */
export const AUTHOR_NAMES: Record<Lang, string[]> = {
  en: ['Emma W.', 'Olivia K.', 'James P.', 'Noah B.', 'Ava R.', 'Liam S.', 'Mia T.', 'Ethan H.', 'Grace L.', 'Henry D.'],
  de: ['Lukas M.', 'Anna S.', 'Felix B.', 'Lea K.', 'Jonas W.', 'Marie H.', 'Paul F.', 'Sophie R.', 'Jana Ö.', 'Maximilian Z.'],
  sv: ['Astrid N.', 'Erik L.', 'Freja S.', 'Oskar J.', 'Elsa B.', 'Nils Å.', 'Saga E.', 'Hugo P.', 'Maja W.', 'Linnéa K.'],
};
