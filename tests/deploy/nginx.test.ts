// The shipped nginx site (deploy/nginx.conf) sets every X-Forwarded-* header Curbside
// reads from what nginx itself saw, so nothing a client sends in them passes through:
// a client's X-Forwarded-Host reached the app through it (review of 2026-11-26, N6).
// (nginx is not among the test machine's packages; Caddy's config runs for real in
// caddy.test.ts.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const conf = readFileSync('deploy/nginx.conf', 'utf8').replace(/#.*$/gm, '');

describe('deploy/nginx.conf', () => {
  it('sets X-Forwarded-For, -Proto and -Host itself in every block that proxies to Curbside', () => {
    const locations = [...conf.matchAll(/location [^{]+\{([^}]*)\}/g)].map((match) => match[1]!);
    const proxying = locations.filter((block) => block.includes('proxy_pass'));
    expect(proxying.length).toBeGreaterThan(0);
    for (const block of proxying) {
      expect(block).toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$remote_addr;/);
      expect(block).toMatch(/proxy_set_header\s+X-Forwarded-Proto\s+\$scheme;/);
      expect(block).toMatch(/proxy_set_header\s+X-Forwarded-Host\s+\$host;/);
      expect(block).toMatch(/proxy_set_header\s+Host\s+\$host;/);
    }
  });
});
