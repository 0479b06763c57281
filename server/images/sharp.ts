import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | null = null;

/**
 * sharp, loaded on first use (a flyer sent, a share picture drawn): libvips and its codecs are ~8 MB of
 * native code a server that is only asked for pages never maps (issue 21: the server's memory).
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
