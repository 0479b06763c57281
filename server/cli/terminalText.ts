/**
 * Text from the database as a terminal may print it: every control character (a newline forges a
 * row, an escape sequence recolours or hides text, a CR overwrites the line) and every bidi embedding,
 * override or isolate (which reorders what follows) shown as a visible escape (`\n`, `\x1b`, `\u202e`),
 * and a backslash doubled so an escape cannot be faked. Input refuses these (common/text.ts); rows made
 * before that, or by other means, may still hold them.
 */
export function terminalText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escaping them is the point
  return text.replace(/[\\\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g, (c) => {
    if (c === '\\') return '\\\\';
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    const code = c.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
