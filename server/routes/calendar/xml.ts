// XML 1.0 forbids these characters even when escaped: a pasted form feed would break the whole feed.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const FORBIDDEN_IN_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text for XML: the five predefined entities, and the characters XML 1.0 forbids dropped. */
export function escapeXml(text: string): string {
  return text.replace(FORBIDDEN_IN_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
