import type { NextConfig } from 'next';

// Every page is rendered per request: its nonce (proxy.ts) is new each time.
const config: NextConfig = {};

export default config;
