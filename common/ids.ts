/** Public ids are 16 characters of URL-safe base62; anything else is not an id and is refused early. */
export const ID_PATTERN = /^[A-Za-z0-9]{16}$/;
export function isId(value: string): boolean {
  return ID_PATTERN.test(value);
}
