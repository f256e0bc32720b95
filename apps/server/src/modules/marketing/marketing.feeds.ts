import type { EditorPageWidget, PublishedPage } from '@coderoom/contracts';
import { BLOG_FEED_TITLE, escapeHtml, MarketingWidgetType } from '@coderoom/domain';

// The blog's Atom and RSS feeds and the site map, as XML text (docs/marketing.md).

const xml = escapeHtml;

/** A post's body as HTML for feed readers: its prose widgets; other widgets are read on the site. */
function bodyHtml(widgets: readonly EditorPageWidget[]): string {
  return widgets
    .map((widget) => {
      if (widget.type === 'MarkdownEditor') return widget.content.mdHtml ?? '';
      if (widget.type === 'SlateHTML' || widget.type === MarketingWidgetType.Html) return widget.content.html;
      return '';
    })
    .join('\n');
}

export function atomFeed(posts: readonly PublishedPage[], publicUrl: string): string {
  const updated = posts[0]?.published_at ?? new Date(0).toISOString();
  const entries = posts.map((post) => {
    const link = `${publicUrl}/blog/${post.url}`;
    return `  <entry>
    <title>${xml(post.title)}</title>
    <link rel="alternate" type="text/html" href="${xml(link)}"/>
    <id>${xml(link)}</id>
    <published>${post.published_at}</published>
    <updated>${post.published_at}</updated>
    <author><name>${xml(post.author_name)}</name></author>
${post.category ? `    <category term="${xml(post.category.slug)}" label="${xml(post.category.name)}"/>\n` : ''}    <summary>${xml(post.description)}</summary>
    <content type="html">${xml(bodyHtml(post.components))}</content>
  </entry>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>${xml(BLOG_FEED_TITLE)}</title>
  <link rel="self" type="application/atom+xml" href="${xml(`${publicUrl}/blog/feed.xml`)}"/>
  <link rel="alternate" type="text/html" href="${xml(`${publicUrl}/blog`)}"/>
  <id>${xml(`${publicUrl}/blog`)}</id>
  <updated>${updated}</updated>
${entries.join('\n')}
</feed>
`;
}

export function rssFeed(posts: readonly PublishedPage[], publicUrl: string): string {
  const items = posts.map((post) => {
    const link = `${publicUrl}/blog/${post.url}`;
    return `    <item>
      <title>${xml(post.title)}</title>
      <link>${xml(link)}</link>
      <guid isPermaLink="true">${xml(link)}</guid>
      <pubDate>${new Date(post.published_at).toUTCString()}</pubDate>
${post.category ? `      <category>${xml(post.category.name)}</category>\n` : ''}      <description>${xml(post.description || bodyHtml(post.components))}</description>
    </item>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0">
  <channel>
    <title>${xml(BLOG_FEED_TITLE)}</title>
    <link>${xml(`${publicUrl}/blog`)}</link>
    <description>Articles from the people who build Coderoom: teaching, tooling and the languages we love.</description>
${items.join('\n')}
  </channel>
</rss>
`;
}

export interface SitemapEntry {
  path: string;
  lastModified?: string | null;
}

export function sitemap(entries: readonly SitemapEntry[], publicUrl: string): string {
  const urls = entries.map(
    (entry) =>
      `  <url><loc>${xml(`${publicUrl}${entry.path}`)}</loc>${entry.lastModified ? `<lastmod>${entry.lastModified.slice(0, 10)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
}
