import { describe, expect, it } from 'vitest';
import { injectMeta, metaTags } from './pagemeta.html.js';

const INDEX = '<html><head><meta charset="UTF-8" />\n<title>Old</title>\n</head><body></body></html>';

describe('page meta tags', () => {
  it('replace the title and add description, Open Graph and canonical tags', () => {
    const html = injectMeta(
      INDEX,
      metaTags(
        {
          title: 'Python in Practice · Coderoom',
          description: 'Learn Python by writing small programs.',
          path: '/courses/python-in-practice/abc',
          type: 'article',
          noindex: false,
        },
        'https://coderoom.example',
        'Coderoom',
      ),
    );
    expect(html).not.toContain('<title>Old</title>');
    expect(html).toContain('<title>Python in Practice · Coderoom</title>');
    expect(html).toContain('<meta name="description" content="Learn Python by writing small programs." />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain(
      '<meta property="og:url" content="https://coderoom.example/courses/python-in-practice/abc" />',
    );
    expect(html).toContain(
      '<link rel="canonical" href="https://coderoom.example/courses/python-in-practice/abc" />',
    );
    expect(html).not.toContain('robots');
  });

  it('escape what authors wrote, so a title cannot open a tag', () => {
    const tags = metaTags(
      { title: '<script>"x"</script> & $&', description: "It's", path: '/', type: 'website', noindex: true },
      'http://localhost:3000',
      'Coderoom',
    );
    const html = injectMeta(INDEX, tags);
    expect(html).toContain('<title>&lt;script&gt;&quot;x&quot;&lt;/script&gt; &amp; $&amp;</title>');
    expect(html).toContain('content="It&#39;s"');
    expect(html).toContain('<meta name="robots" content="noindex" />');
  });
});
