import { plainPage } from '../html/plainPage';
import { escapeHtml } from '../html/shell';

/**
 * A readable page of the API, rendered on the server from the OpenAPI document itself: plain HTML and
 * one local stylesheet, no script and nothing from another origin. Whatever is added to the document
 * shows up here.
 */

type Json = Record<string, unknown>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Inline code spans (`like this`) in descriptions; everything else stays plain escaped text. */
function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function refName(ref: string): string {
  return ref.split('/').pop() ?? ref;
}

function anchor(...parts: string[]): string {
  return parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A one-line type: `string`, `integer (1–100, default 12)`, `one of: a, b`, `array of Event`. */
function typeLabel(schema: Json): string {
  if (typeof schema.$ref === 'string') {
    const name = refName(schema.$ref);
    return `<a href="#schema-${anchor(name)}">${escapeHtml(name)}</a>`;
  }
  if (schema.type === 'array') return `array of ${typeLabel(obj(schema.items))}`;
  const notes: string[] = [];
  if (Array.isArray(schema.enum))
    notes.push(`one of: ${schema.enum.map((v) => `<code>${escapeHtml(String(v))}</code>`).join(', ')}`);
  if (typeof schema.minimum === 'number' || typeof schema.maximum === 'number') {
    notes.push(`${schema.minimum ?? ''}–${schema.maximum ?? ''}`);
  }
  if (typeof schema.maxLength === 'number') notes.push(`at most ${schema.maxLength} characters`);
  if (typeof schema.pattern === 'string') notes.push(`pattern <code>${escapeHtml(schema.pattern)}</code>`);
  if (schema.default !== undefined) notes.push(`default <code>${escapeHtml(String(schema.default))}</code>`);
  const base = escapeHtml(str(schema.type) || 'object');
  return notes.length ? `${base} <span class="note">(${notes.join('; ')})</span>` : base;
}

function schemaTable(schema: Json, depth = 0): string {
  const properties = obj(schema.properties);
  const keys = Object.keys(properties);
  if (!keys.length) return `<p class="type">${typeLabel(schema)}</p>`;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const rows = keys.map((key) => {
    const prop = obj(properties[key]);
    const nested = depth < 2 && prop.type === 'object' && prop.properties ? schemaTable(prop, depth + 1) : '';
    return `<tr><th scope="row"><code>${escapeHtml(key)}</code>${
      required.has(key) ? '' : ' <span class="optional">optional</span>'
    }</th><td>${typeLabel(prop)}${prop.description ? `<p>${prose(str(prop.description))}</p>` : ''}${nested}</td></tr>`;
  });
  return `<table class="fields"><thead><tr><th scope="col">Field</th><th scope="col">Type and meaning</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function operationSection(path: string, method: string, op: Json): string {
  const id = anchor(method, path);
  const parameters = (Array.isArray(op.parameters) ? op.parameters : []).map(obj);
  const params = parameters.length
    ? `<h4>Parameters</h4><table class="fields"><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type and meaning</th></tr></thead><tbody>${parameters
        .map(
          (p) =>
            `<tr><th scope="row"><code>${escapeHtml(str(p.name))}</code>${
              p.required ? ' <span class="required">required</span>' : ''
            }</th><td>${escapeHtml(str(p.in))}</td><td>${typeLabel(obj(p.schema))}${
              p.description ? `<p>${prose(str(p.description))}</p>` : ''
            }</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  const responses = Object.entries(obj(op.responses))
    .map(([status, raw]) => {
      const response = obj(raw);
      const content = Object.entries(obj(response.content))
        .map(([type, media]) => `<code>${escapeHtml(type)}</code>: ${typeLabel(obj(obj(media).schema))}`)
        .join('<br>');
      return `<tr><th scope="row"><code>${escapeHtml(status)}</code></th><td>${prose(str(response.description))}${
        content ? `<p>${content}</p>` : ''
      }</td></tr>`;
    })
    .join('');
  return `<section class="op" id="${id}" aria-labelledby="${id}-h">
  <h3 id="${id}-h"><span class="method method-${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code class="path">${escapeHtml(path)}</code></h3>
  ${op.summary ? `<p class="summary">${prose(str(op.summary))}</p>` : ''}
  ${op.description ? `<p>${prose(str(op.description))}</p>` : ''}
  ${params}
  <h4>Responses</h4><table class="fields"><thead><tr><th scope="col">Status</th><th scope="col">Meaning</th></tr></thead><tbody>${responses}</tbody></table>
</section>`;
}

export function renderDocsPage(document: Json): string {
  const info = obj(document.info);
  const server = str(obj((document.servers as unknown[] | undefined)?.[0]).url);
  const operations: { path: string; method: string; op: Json }[] = [];
  for (const [path, item] of Object.entries(obj(document.paths))) {
    for (const method of METHODS) {
      const op = obj(item)[method];
      if (op) operations.push({ path, method, op: obj(op) });
    }
  }
  const toc = operations
    .map(
      ({ path, method, op }) =>
        `<li><a href="#${anchor(method, path)}"><span class="method method-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></a> ${escapeHtml(str(op.summary))}</li>`,
    )
    .join('\n');
  const schemas = Object.entries(obj(obj(document.components).schemas))
    .map(
      ([name, schema]) =>
        `<section class="schema" id="schema-${anchor(name)}" aria-labelledby="schema-${anchor(name)}-h"><h3 id="schema-${anchor(name)}-h">${escapeHtml(name)}</h3>${schemaTable(obj(schema))}</section>`,
    )
    .join('\n');
  const title = str(info.title) || 'API';
  return plainPage({
    title,
    stylesheet: '/api-docs.css',
    body: `    <header class="top">
      <p class="back"><a href="/">← Back to Events</a></p>
      <h1>${escapeHtml(title)} <span class="version">${escapeHtml(str(info.version))}</span></h1>
      ${info.summary ? `<p class="lead">${prose(str(info.summary))}</p>` : ''}
      ${info.description ? `<p>${prose(str(info.description))}</p>` : ''}
      <p>Base URL: <code>${escapeHtml(server)}</code> · Machine-readable: <a href="/api/openapi.json">OpenAPI 3.1 document</a></p>
    </header>
    <main>
      <nav aria-labelledby="toc-h"><h2 id="toc-h">Endpoints</h2><ul class="toc">${toc}</ul></nav>
      <h2>Reference</h2>
      ${operations.map(({ path, method, op }) => operationSection(path, method, op)).join('\n')}
      <h2>Schemas</h2>
      ${schemas}
    </main>`,
  });
}
