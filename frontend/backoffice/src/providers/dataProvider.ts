import type { DataProvider } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import type { HttpClient } from './httpClient';
import { resourceDef, type ResourceDef } from './resources';

/** Only the filters a list declares reach the service (an unknown key is a 400 there); empty values are dropped. */
export function declaredFilter(def: ResourceDef, filter: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (!def.filters.includes(key)) continue;
    if (value === undefined || value === null || value === '' || value === 'all') continue;
    out[key] = value;
  }
  return out;
}

export interface BackOfficeApi {
  /** GET a non-list route (figures, reports): the envelope's data. */
  read<T = any>(path: string, query?: Record<string, string | undefined>): Promise<T>;
  /** An image or file behind the token (QR codes), as an object URL the caller revokes. */
  blobUrl(path: string): Promise<string>;
  /** POST/PUT/PATCH a command (money actions, status changes); POSTs carry an Idempotency-Key. A FormData body goes as multipart, a Blob as its bytes with its own type (file uploads). */
  send<T = any>(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    options?: { idempotencyKey?: string },
  ): Promise<{ data: T; message: string }>;
}

export type BackOfficeDataProvider = DataProvider & BackOfficeApi;

/**
 * ra-data-simple-rest as it is, fed through our httpClient, with the back office's resource names
 * mapped to the API's paths. Lists without GET /:id answer getOne through getMany
 * (`filter={"id":[...]}`), so every screen uses the same hooks.
 */
export function createDataProvider(apiUrl: string, httpClient: HttpClient): BackOfficeDataProvider {
  const rest = simpleRestProvider(apiUrl, httpClient as never, 'Content-Range');

  const query = (params: Record<string, string | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, value);
    const text = search.toString();
    return text ? `?${text}` : '';
  };

  const provider: BackOfficeDataProvider = {
    getList: async (resource, params) => {
      const def = resourceDef(resource);
      // A list's figures over every page (the envelope's meta, e.g. collection logs' sum) reach the screen as react-admin's `meta`.
      let meta: Record<string, unknown> | undefined;
      const keepingMeta: HttpClient = async (url, options) => {
        const res = await httpClient(url, options);
        meta = res.envelope?.meta;
        return res;
      };
      const result = await simpleRestProvider(apiUrl, keepingMeta as never, 'Content-Range').getList(def.path, {
        ...params,
        filter: declaredFilter(def, params.filter),
      });
      return meta ? { ...result, meta } : result;
    },
    getOne: async (resource, params) => {
      const def = resourceDef(resource);
      if (def.oneThroughList) {
        const many = await provider.getMany(resource, { ids: [params.id], signal: params.signal });
        const record = many.data.find((row) => String(row.id) === String(params.id));
        if (!record) throw Object.assign(new Error('ra.notification.item_doesnt_exist'), { status: 404 });
        return { data: record };
      }
      return rest.getOne(def.onePath ?? def.path, params);
    },
    getMany: (resource, params) => rest.getMany(resourceDef(resource).path, params),
    getManyReference: (resource, params) => {
      const def = resourceDef(resource);
      return rest.getManyReference(def.path, { ...params, filter: declaredFilter(def, params.filter) });
    },
    create: (resource, params) => rest.create(resourceDef(resource).path, params),
    update: (resource, params) => rest.update(resourceDef(resource).path, params),
    updateMany: (resource, params) => rest.updateMany(resourceDef(resource).path, params),
    delete: (resource, params) => rest.delete(resourceDef(resource).path, params),
    deleteMany: (resource, params) => rest.deleteMany(resourceDef(resource).path, params),

    async read(path, params = {}) {
      const { json } = await httpClient(`${apiUrl}/${path}${query(params)}`);
      return json;
    },
    async blobUrl(path) {
      const url = /^https?:|^\//.test(path) ? path : `${apiUrl}/${path}`;
      const { blob } = await httpClient(url, { blob: true, headers: { Accept: 'image/*,*/*' } });
      return URL.createObjectURL(blob!);
    },
    async send(method, path, body, options = {}) {
      const headers: Record<string, string> = options.idempotencyKey
        ? { 'Idempotency-Key': options.idempotencyKey }
        : {};
      const res = await httpClient(`${apiUrl}/${path}`, {
        method,
        headers,
        ...(body !== undefined
          ? { body: body instanceof FormData || body instanceof Blob ? body : JSON.stringify(body) }
          : {}),
      });
      return { data: res.json, message: res.envelope?.message ?? '' };
    },
  };
  return provider;
}
