/**
 * Wait, if need be, until the current fixed window of a rate limit has at least `needMs` left, so a
 * test that counts hits up to a limit does not see the window reset halfway.
 */
export async function awayFromWindowEdge(windowMs: number, needMs = 20_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
