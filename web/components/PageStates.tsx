import { LogIn, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { SignInButton } from './SignInButton';
import { ButtonLink } from './ui/Button';
import { StateMessage } from './ui/Notice';

/**
 * A page for signed-in people, opened signed out (docs/PRODUCT.md#sign-in): its heading, why, and a
 * Sign In button that comes back here (or goes to `to`). Each page says it in its own words.
 */
export function SignInRequired({
  action,
  to,
  ...words
}: {
  title: string;
  text: string;
  action: string;
  to?: string;
}) {
  return (
    <StateMessage
      headingLevel={1}
      icon={<LogIn aria-hidden="true" className="size-12" />}
      action={to ? <ButtonLink to={to}>{action}</ButtonLink> : <SignInButton>{action}</SignInButton>}
      {...words}
    />
  );
}

/** What a page shows when the thing it is about does not exist, or not for this person (a 404). */
export function NotFoundState(props: { title: string; text: string; action: ReactNode }) {
  return (
    <StateMessage headingLevel={1} icon={<SearchX aria-hidden="true" className="size-12" />} {...props} />
  );
}
