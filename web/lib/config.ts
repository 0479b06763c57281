/** Settings the server wrote into the page (see server/html/shell.ts). */
export interface ClientConfig {
  siteTitle: string;
  googleEnabled: boolean;
  /** The server sends email: "Forgot password?" and email settings are offered. */
  mailEnabled: boolean;
}

const DEFAULTS: ClientConfig = {
  siteTitle: 'Palestine Solidarity Calendar',
  googleEnabled: false,
  mailEnabled: false,
};

function readConfig(): ClientConfig {
  // On the server (web/entry-server.tsx) there is no page to read: the renderer sets the same values.
  if (typeof document === 'undefined') return { ...DEFAULTS };
  const content = document.querySelector('meta[name="app-config"]')?.getAttribute('content');
  if (!content || content.startsWith('%')) return { ...DEFAULTS };
  try {
    return { ...DEFAULTS, ...(JSON.parse(content) as Partial<ClientConfig>) };
  } catch {
    return { ...DEFAULTS };
  }
}

export const config: ClientConfig = readConfig();

/**
 * Server rendering only: the values the server also writes into the page's meta tag, so the HTML it
 * renders and the page that hydrates it agree. One server has one configuration.
 */
export function setServerConfig(values: ClientConfig): void {
  Object.assign(config, values);
}
