import MarkdownIt from 'markdown-it';

/**
 * The About page's Markdown (docs/PRODUCT.md#about), rendered safely: no HTML of its own (written out
 * as text), no images (a picture from elsewhere would be a request to another site from our page),
 * links only to http(s), mailto and tel addresses and to places on this site, each heading with an id
 * so the footer can link to a section (`/about#moderation`): made from its words, or written after it
 * as `{#moderation}`.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });
markdown.disable('image');

const SAFE_LINK = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;
markdown.validateLink = (url: string) => SAFE_LINK.test(url.trim());

/** A heading's id: its words, lower case, joined by hyphens ("Moderation policy" → "moderation-policy"). */
export function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

const EXPLICIT_ID = /\s*\{#([a-z0-9-]+)\}\s*$/;

markdown.core.ruler.push('heading_ids', (state) => {
  const seen = new Map<string, number>();
  state.tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const inline = state.tokens[i + 1];
    // "## Contact {#contact}": an id of its own, so a translated heading keeps the footer's link.
    const own = EXPLICIT_ID.exec(inline?.content ?? '');
    if (own && inline) {
      inline.content = inline.content.slice(0, own.index);
      const last = inline.children?.at(-1);
      if (last?.type === 'text') last.content = last.content.replace(EXPLICIT_ID, '');
      token.attrSet('id', own[1] ?? '');
      return;
    }
    const base = slugOf(inline?.content ?? '') || 'section';
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    token.attrSet('id', count === 0 ? base : `${base}-${count + 1}`);
  });
});

// Links to other sites open in a new tab, without telling them where the reader came from.
const renderLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  const href = String(token?.attrGet('href') ?? '');
  if (token && /^https?:/i.test(href)) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return renderLinkOpen(tokens, idx, options, env, self);
};

export function renderAbout(text: string): string {
  return markdown.render(text);
}
