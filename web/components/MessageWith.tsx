/** Where a person's words go in a translated message (never in them: a control character). */
const MARK = '\u0000';

/**
 * A translated message with words a person wrote (a name, a reason) in it: the message keeps the page's
 * direction and only those words are isolated (`dir="auto"`). Isolating the whole message instead let a
 * Latin name at the start of an Arabic sentence ("{{name}} يراجع هذه الفعالية") turn the sentence around.
 */
export function MessageWith({ message, value }: { message: (mark: string) => string; value: string }) {
  const [before = '', after = ''] = message(MARK).split(MARK);
  return (
    <>
      {before}
      <span dir="auto">{value}</span>
      {after}
    </>
  );
}
