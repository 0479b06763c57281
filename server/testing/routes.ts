import type { FastifyInstance } from 'fastify';

/**
 * The onSend hooks of every route, keyed `METHOD /full/path`, as Fastify itself lists them
 * (`printRoutes({ includeHooks: true })`): the value is the printed hook list, names included. Tests
 * use it to check that a hook runs on the routes it is for and on no other.
 */
export function onSendHooksByRoute(app: FastifyInstance): Map<string, string> {
  const tree = app.printRoutes({ includeHooks: true, commonPrefix: false });
  const hooks = new Map<string, string>();
  const parents: { depth: number; path: string }[] = [];
  let routes: string[] = [];
  for (const line of tree.split('\n')) {
    // With a home route (`/`), the others are printed as its children, without their leading `/`.
    const route = /^([\s│├└─]*)(\S+) \(([A-Z, ]+)\)\s*$/.exec(line);
    if (route) {
      const depth = route[1]!.length;
      while (parents.length > 0 && parents[parents.length - 1]!.depth >= depth) parents.pop();
      const path = (parents[parents.length - 1]?.path ?? '') + route[2]!;
      parents.push({ depth, path });
      routes = route[3]!.split(',').map((method) => `${method.trim()} ${path}`);
      continue;
    }
    const onSend = /• \(onSend\) (.*)$/.exec(line);
    if (onSend) for (const key of routes) hooks.set(key, onSend[1]!);
  }
  return hooks;
}
