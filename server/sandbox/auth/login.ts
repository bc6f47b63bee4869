// Demo-user sign-in for a sandbox reachable beyond loopback: a login form, a session cookie (HttpOnly, SameSite=Lax,
// Secure over https) and a gate in front of the EHR page, the EHR launch and authorize. On loopback no login is
// configured and the demo clinician is always signed in.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ExpiringStore } from './expiring-store';
import { escapeHtml, page, sendPage } from './html';
import { SANDBOX_PATH } from './urls';

/** The demo user (`ONCOAGENT_SANDBOX_USER` / `ONCOAGENT_SANDBOX_PASSWORD`). */
export interface LoginConfig {
  user: string;
  password: string;
}

export interface Session {
  user: string;
  /** Ties the consent form to this session. */
  csrf: string;
}

const COOKIE = 'oncoagent_sandbox_session';
const SESSION_TTL_MS = 8 * 3600_000;
/** At most this many failed sign-ins per minute, so the password cannot be guessed at network speed. */
const MAX_FAILURES_PER_MINUTE = 10;

const digest = (s: string) => createHash('sha256').update(s).digest();
const sameText = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/**
 * Where to go after signing in: only a path inside the sandbox (no open redirect).
 * @param next - The requested target.
 * @returns The path, or `/sandbox`.
 */
export function safeNext(next: string | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return SANDBOX_PATH;
  const url = new URL(next, 'http://sandbox.invalid');
  const inside = url.pathname === SANDBOX_PATH || url.pathname.startsWith(`${SANDBOX_PATH}/`);
  return url.origin === 'http://sandbox.invalid' && inside ? `${url.pathname}${url.search}` : SANDBOX_PATH;
}

function loginPage(next: string, error?: string): string {
  const message = error ? `<p class="error">${escapeHtml(error)}</p>` : '';
  return page(
    'Sandbox EHR — sign in',
    `${message}<form method="post" action="${SANDBOX_PATH}/login">
<input type="hidden" name="next" value="${escapeHtml(next)}">
<p><label>User <input name="user" autocomplete="username" required></label></p>
<p><label>Password <input name="password" type="password" autocomplete="current-password" required></label></p>
<p><button type="submit">Sign in</button></p></form>`
  );
}

/** Sign-in state of one sandbox. */
export class SandboxLogin {
  private readonly sessions = new ExpiringStore<Session>(SESSION_TTL_MS);
  private failures: number[] = [];

  /**
   * @param config - The demo user, or undefined when no login is required (loopback).
   * @param secureCookie - Mark the cookie Secure (the public URL is https).
   */
  constructor(
    private readonly config: LoginConfig | undefined,
    private readonly secureCookie: boolean
  ) {}

  /** Whether users must sign in (and approve each authorization). */
  get required(): boolean {
    return this.config !== undefined;
  }

  /** The signed-in session of the request, if any. */
  session(c: Context): Session | undefined {
    const id = getCookie(c, COOKIE);
    return id ? this.sessions.get(id) : undefined;
  }

  /**
   * Sends an anonymous request to the login page when a login is required.
   * @param c - The Hono context.
   * @param next - Where to come back to after signing in (default: the requested path and query).
   * @returns The redirect, or undefined to go on.
   */
  gate(c: Context, next?: string): Response | undefined {
    if (!this.required || this.session(c)) return undefined;
    const url = new URL(c.req.url);
    const target = safeNext(next ?? `${url.pathname}${url.search}`);
    return c.redirect(`${SANDBOX_PATH}/login?next=${encodeURIComponent(target)}`, 302);
  }

  /** The `/login` and `/logout` routes, to mount at the sandbox's root. */
  routes(): Hono {
    const routes = new Hono();
    routes.get('/login', (c) => {
      const next = safeNext(c.req.query('next'));
      if (!this.required || this.session(c)) return c.redirect(next, 302);
      return sendPage(c, loginPage(next));
    });
    routes.post('/login', async (c) => this.signIn(c));
    routes.post('/logout', (c) => {
      const id = getCookie(c, COOKIE);
      if (id) this.sessions.delete(id);
      deleteCookie(c, COOKIE, { path: SANDBOX_PATH, secure: this.secureCookie });
      return c.redirect(`${SANDBOX_PATH}/login`, 303);
    });
    return routes;
  }

  private async signIn(c: Context): Promise<Response> {
    const form = await c.req.parseBody();
    const next = safeNext(typeof form.next === 'string' ? form.next : undefined);
    if (!this.config) return c.redirect(next, 303);
    const now = Date.now();
    this.failures = this.failures.filter((t) => t > now - 60_000);
    if (this.failures.length >= MAX_FAILURES_PER_MINUTE) {
      return sendPage(c, loginPage(next, 'Too many failed sign-ins; wait a minute and try again.'), 429);
    }
    const userOk = sameText(String(form.user ?? ''), this.config.user);
    const passwordOk = sameText(String(form.password ?? ''), this.config.password);
    if (!userOk || !passwordOk) {
      this.failures.push(now);
      return sendPage(c, loginPage(next, 'Wrong user name or password.'), 401);
    }
    const id = this.sessions.put({ user: this.config.user, csrf: randomBytes(24).toString('base64url') });
    setCookie(c, COOKIE, id, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: this.secureCookie,
      path: SANDBOX_PATH,
      maxAge: SESSION_TTL_MS / 1000,
    });
    return c.redirect(next, 303);
  }
}
