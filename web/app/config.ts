/** Settings the server wrote into the page (see server/web/shell.ts). */
export interface ClientConfig {
  siteTitle: string;
  googleEnabled: boolean;
}

const DEFAULTS: ClientConfig = { siteTitle: 'Palestine Solidarity Calendar', googleEnabled: false };

function readConfig(): ClientConfig {
  const content = document.querySelector('meta[name="app-config"]')?.getAttribute('content');
  if (!content || content.startsWith('%')) return DEFAULTS;
  try {
    return { ...DEFAULTS, ...(JSON.parse(content) as Partial<ClientConfig>) };
  } catch {
    return DEFAULTS;
  }
}

export const config: ClientConfig = readConfig();
