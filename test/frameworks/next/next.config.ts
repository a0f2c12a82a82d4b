import type { NextConfig } from 'next';

const config: NextConfig = {
  // Next 16's caching: 'use cache' functions (the rich snippet is read once, then cached).
  cacheComponents: true,
};

export default config;
