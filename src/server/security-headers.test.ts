import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { PAGE_BOOT_SCRIPT, PAGE_MOTION_SCRIPT } from '../shared/page-boot-script.js';
import { startApp } from '../../tests/support/test-app.js';
import { INLINE_STYLE_HASHES_FILE, inlineStyleHashes, securityHeaders } from './security-headers.js';

describe('security headers', () => {
  it('allow the page’s two inline scripts and an inline style only by their hashes', () => {
    const csp = securityHeaders(['sha256-abc='])['content-security-policy'];
    const [motionHash, bootHash] = [PAGE_MOTION_SCRIPT, PAGE_BOOT_SCRIPT].map((script) =>
      createHash('sha256').update(script).digest('base64'),
    );
    expect(csp).toContain(`script-src 'self' 'sha256-${motionHash}' 'sha256-${bootHash}';`);
    expect(csp).toContain("style-src 'self' 'sha256-abc=';");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('read the hashes the build wrote, and none without a build', () => {
    const dir = mkdtempSync(join(tmpdir(), 'curbside-csp-'));
    try {
      expect(inlineStyleHashes(dir)).toEqual([]);
      expect(securityHeaders([])['content-security-policy']).toContain("style-src 'self';");
      writeFileSync(join(dir, INLINE_STYLE_HASHES_FILE), JSON.stringify(['sha256-xyz=']));
      expect(inlineStyleHashes(dir)).toEqual(['sha256-xyz=']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('send no opener policy with the landing page, and send it with every other answer (record 231)', async () => {
    const t = await startApp();
    try {
      const headersOf = async (url: string) => (await t.app.inject({ method: 'GET', url })).headers;
      for (const url of ['/', '/index.html', '/?utm_source=flyer']) {
        const landing = await headersOf(url);
        expect(landing['cross-origin-opener-policy'], url).toBeUndefined();
        expect(landing['content-security-policy'], url).toContain("frame-ancestors 'none'");
        expect(landing['cross-origin-resource-policy'], url).toBe('same-origin');
        expect(landing['origin-agent-cluster'], url).toBe('?1');
      }
      for (const url of ['/inbox', '/quote/some-token', '/api/health', '/inquiry', '/assets/app.js', '//']) {
        expect((await headersOf(url))['cross-origin-opener-policy'], url).toBe('same-origin');
      }
    } finally {
      await t.close();
    }
  });
});
