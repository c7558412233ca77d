// @ts-check
import node from '@astrojs/node';
import { defineConfig } from 'astro/config';

// Pages are static where they can be; the front server (src/server) owns /v1, /mcp, /badge and the
// documents, and hands every other request to this adapter's handler.
export default defineConfig({
  site: process.env.AFSCORE_PUBLIC_URL || 'http://localhost:4321',
  adapter: node({ mode: 'standalone' }),
  session: false,
  // Astro hashes the inline scripts and styles it emits into each page's Content-Security-Policy;
  // the front server keeps those hashes and sets the rest of the policy (src/server/http/security-headers.ts).
  security: { csp: true },
});
