import { defineConfig } from 'astro/config';

// A static site: the rich snippet is read at build time, in the page's frontmatter.
export default defineConfig({});
