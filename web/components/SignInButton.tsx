import { useLocation } from '../lib/router';
import { signInPath } from '../lib/signInPath';
import { ButtonLink, type ButtonLinkProps } from './ui/Button';

/** A Sign In button that comes back to this page once the person is signed in (docs/PRODUCT.md#sign-in). */
export function SignInButton(props: Omit<ButtonLinkProps, 'to'>) {
  const location = useLocation();
  return <ButtonLink to={signInPath(location)} {...props} />;
}
