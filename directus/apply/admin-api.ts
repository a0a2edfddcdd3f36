/** A minimal admin REST client for the apply and seed commands. */

export class ApiError extends Error {
  status: number;
  body: unknown;
  constructor(status: number, body: unknown, message: string) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

const MAX_PACE_WAITS = 3;

/** The seconds a pace refusal (429 TOO_FAST) asks to wait, or null for any other answer. */
function paceWait(body: unknown): number | null {
  const error = (body as { errors?: { extensions?: { code?: unknown; wait?: unknown } }[] } | null)?.errors?.[0]?.extensions;
  return error?.code === 'TOO_FAST' && typeof error.wait === 'number' ? error.wait : null;
}

export class AdminApi {
  /** Count of writes made, so a second apply can prove it changed nothing. */
  writes = 0;

  url: string;
  private token: string;
  /** Signs in again when the access token has expired (a seed or a test run can outlast it). */
  private renew: (() => Promise<string>) | null;
  /**
   * The sign-in under way: requests refused together share one, as a burst of sign-ins to one
   * account would meet its login limit.
   */
  private renewing: Promise<string> | null = null;

  constructor(url: string, token: string, renew: (() => Promise<string>) | null = null) {
    this.url = url;
    this.token = token;
    this.renew = renew;
  }

  static async login(url: string, email: string, password: string): Promise<AdminApi> {
    const signIn = async () => {
      const res = await fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const body = (await res.json()) as { data?: { access_token: string } };
      if (!res.ok || !body.data) throw new ApiError(res.status, body, `Admin login failed: ${JSON.stringify(body)}`);
      return body.data.access_token;
    };
    return new AdminApi(url, await signIn(), signIn);
  }

  async request<T = any>(method: string, path: string, body?: unknown, counts = method !== 'GET'): Promise<T> {
    if (counts) this.writes++;
    const send = () => fetch(`${this.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    const sentWith = this.token;
    let res = await send();
    if (res.status === 401 && this.renew) {
      // Another request may have signed in again already.
      if (this.token === sentWith) {
        this.renewing ??= this.renew().finally(() => { this.renewing = null; });
        this.token = await this.renewing;
      }
      res = await send();
    }
    // A person's writes have a pace (a seed writes as people): wait as long as the backend says, then go on.
    for (let tries = 0; res.status === 429 && tries < MAX_PACE_WAITS; tries++) {
      const wait = paceWait(await res.clone().json().catch(() => null));
      if (wait === null) break;
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      res = await send();
    }
    if (res.status === 204) return undefined as T;
    const json = (await res.json().catch(() => ({}))) as { data?: T; errors?: unknown };
    if (!res.ok) throw new ApiError(res.status, json, `${method} ${path} → ${res.status} ${JSON.stringify(json.errors ?? json)}`);
    return json.data as T;
  }

  get<T = any>(path: string) { return this.request<T>('GET', path); }
  post<T = any>(path: string, body: unknown) { return this.request<T>('POST', path, body); }
  patch<T = any>(path: string, body: unknown) { return this.request<T>('PATCH', path, body); }
  delete(path: string) { return this.request('DELETE', path); }
}

/** True when every key of `want` equals the same key of `have` (deeply, by JSON). */
export function covers(have: Record<string, unknown> | null | undefined, want: Record<string, unknown>): boolean {
  if (!have) return false;
  return Object.entries(want).every(([k, v]) => JSON.stringify(normalise(have[k])) === JSON.stringify(normalise(v)));
}

function normalise(v: unknown): unknown {
  if (v === undefined) return null;
  if (Array.isArray(v)) return v.map(normalise);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, normalise((v as Record<string, unknown>)[k])]));
  }
  return v;
}
