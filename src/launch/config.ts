// The app's public settings (client id, scopes, version) from the server, with defaults for a static host.
import { DEFAULT_SCOPE } from '../../common/smart/scopes';

/** The app's public configuration, served by `GET /api/config`. */
export interface AppConfig {
  clientId: string;
  scope: string;
  version: string;
}

/** Used when `/api/config` cannot be read (e.g. the app is served by a plain static server). */
export const DEFAULT_CONFIG: AppConfig = {
  clientId: 'oncoagent',
  scope: DEFAULT_SCOPE,
  version: '',
};

/**
 * Reads `/api/config` (relative to the page), falling back to {@link DEFAULT_CONFIG} field by field.
 * @returns The configuration; never rejects.
 */
export async function loadConfig(): Promise<AppConfig> {
  try {
    const response = await fetch('/api/config', {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) {
      return DEFAULT_CONFIG;
    }
    const body = (await response.json()) as Partial<Record<keyof AppConfig, unknown>>;
    const pick = (key: keyof AppConfig): string => {
      const value = body[key];
      return typeof value === 'string' && value.length > 0 ? value : DEFAULT_CONFIG[key];
    };
    return { clientId: pick('clientId'), scope: pick('scope'), version: pick('version') };
  } catch {
    return DEFAULT_CONFIG;
  }
}
