import { describe, expect, it } from 'vitest';
import { content, type BusinessContent } from '../../../content/index.js';
import { contentIn } from '../../../content/languages.js';
import { defaultSiteImages, renderHead, robotsTxt, sitemapXml, structuredData, webManifest } from './site-files.js';

const tricky: BusinessContent = {
  ...content,
  name: 'Tom & "Jerry" <Tacos>',
  seo: { title: 'A <b>bold</b> & "quoted" title', description: 'Ends a script: </script><script>alert(1)</script>' },
};

describe('files for search engines and link previews', () => {
  it('escapes the content in tags and keeps JSON-LD from closing its script', () => {
    const head = renderHead(tricky);
    expect(head).toContain('<title>A &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; title</title>');
    expect(head).toContain('content="Ends a script: &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    const jsonLd = /<script type="application\/ld\+json">(.*)<\/script>/.exec(head)![1]!;
    expect(jsonLd).not.toContain('</script>');
    expect(JSON.parse(jsonLd).description).toBe(tricky.seo.description);
  });

  it('escapes the site address in every attribute: canonical, og:url, hreflang links', () => {
    const siteUrl = 'https://a"onfocus=alert(document.domain)"autofocus"tabindex=1"x.example';
    const head = renderHead({ ...content, siteUrl, languages: ['en', 'es'] });
    // (In the JSON-LD it is a JSON string, its quotes escaped.)
    expect(head.replace(/<script type="application\/ld\+json">.*<\/script>/, '')).not.toContain('"onfocus');
    expect(head).toContain('<link rel="canonical" href="https://a&quot;onfocus=');
    expect(head).toContain('<meta property="og:url" content="https://a&quot;onfocus=');
    expect(head).toContain('<link rel="alternate" hreflang="es" href="https://a&quot;onfocus=');
    expect(head).toContain('<link rel="alternate" hreflang="x-default" href="https://a&quot;onfocus=');
  });

  it('describes the business as a schema.org FoodEstablishment with its offers', () => {
    const data = structuredData(content);
    expect(data).toMatchObject({
      '@type': 'FoodEstablishment',
      name: content.name,
      priceRange: '$$',
      url: 'https://luckylimetacos.example/',
    });
    expect((data.makesOffer as { itemOffered: { name: string } }[]).map((offer) => offer.itemOffered.name)).toEqual([
      'Taco Truck',
      ...content.otherOperations,
    ]);
  });

  it('links the menu from the FoodEstablishment: its groups as sections, prices with the currency, diets', () => {
    const menu = content.menu!;
    const data = structuredData(content) as { '@id': string; hasMenu: Record<string, unknown> };
    expect(data['@id']).toBe('https://luckylimetacos.example/#business');
    const hasMenu = data.hasMenu as {
      '@type': string;
      hasMenuSection: { name: string; hasMenuItem: Record<string, unknown>[] }[];
    };
    expect(hasMenu['@type']).toBe('Menu');
    expect(hasMenu.hasMenuSection.map((section) => section.name)).toEqual(menu.groups.map((group) => group.name));
    const items = hasMenu.hasMenuSection.flatMap((section) => section.hasMenuItem);
    expect(items).toHaveLength(menu.groups.flatMap((group) => group.items).length);
    const vegan = menu.groups.flatMap((group) => group.items).find((item) => item.tags?.includes('vegan'))!;
    expect(items.find((item) => item.name === vegan.name)).toMatchObject({
      '@type': 'MenuItem',
      offers: { '@type': 'Offer', price: vegan.price.toFixed(2), priceCurrency: menu.currency },
      suitableForDiet: expect.arrayContaining(['https://schema.org/VeganDiet']),
    });
    // Without a menu, no link to one.
    expect(structuredData({ ...content, menu: undefined })).not.toHaveProperty('hasMenu');
  });

  it('points robots to the sitemap and the sitemap to the page', () => {
    expect(robotsTxt(content)).toContain('Sitemap: https://luckylimetacos.example/sitemap.xml');
    expect(robotsTxt(content)).toContain('Disallow: /api/');
    expect(robotsTxt(content)).toContain('Disallow: /inbox\n');
    expect(sitemapXml(content, '2026-11-21')).toContain(
      '<loc>https://luckylimetacos.example/</loc><lastmod>2026-11-21</lastmod>',
    );
    expect(JSON.parse(webManifest(content))).toMatchObject({
      name: content.name,
      theme_color: content.theme.primary,
      start_url: '/',
    });
  });
});

describe('the link preview card’s alt text in the page’s language (record 360)', () => {
  it('says the Spanish page’s card in Spanish, the English page’s as the build made it', () => {
    const spanish = contentIn(content, 'es');
    expect(spanish.tagline).not.toBe(content.tagline);
    const images = defaultSiteImages(content);
    const alt = `content="${`${content.name}: ${spanish.tagline}`.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
    expect(renderHead(spanish, images, 'es')).toContain(`<meta property="og:image:alt" ${alt} />`);
    expect(renderHead(spanish, images, 'es')).toContain(`<meta name="twitter:image:alt" ${alt} />`);
    expect(renderHead(content, images)).toContain(`og:image:alt" content="${content.name}: ${content.tagline}"`);
  });
});
