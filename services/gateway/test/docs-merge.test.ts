import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { mergeDocuments } from '../src/docs/merge';

const doc = (
  title: string,
  paths: OpenAPIV3.PathsObject,
  schemas: Record<string, OpenAPIV3.SchemaObject> = {},
): OpenAPIV3.Document => ({
  openapi: '3.0.3',
  info: { title, version: '1.0.0', description: `${title} routes` },
  paths,
  components: { schemas },
});

describe('mergeDocuments', () => {
  it('prefixes paths with /api, files operations under their service and keeps the first schema of a name', () => {
    const merged = mergeDocuments([
      {
        service: 'auth',
        document: doc(
          'auth service',
          { '/login': { post: { tags: ['session'], responses: {} } } },
          { Money: { type: 'number' } },
        ),
      },
      {
        service: 'catalog',
        document: doc(
          'catalog service',
          {
            '/public/countries/{slug}': {
              get: { responses: {} },
              parameters: [{ name: 'slug', in: 'path', required: true }],
            },
          },
          { Money: { type: 'string' } },
        ),
      },
      { service: 'esim', unavailable: 'unreachable' },
    ]);
    expect(Object.keys(merged.paths).sort()).toEqual(['/api/health', '/api/login', '/api/public/countries/{slug}']);
    expect(merged.paths['/api/login']?.post?.tags).toEqual(['auth']);
    expect(merged.paths['/api/public/countries/{slug}']?.get?.tags).toEqual(['catalog']);
    expect(merged.paths['/api/public/countries/{slug}']?.parameters).toHaveLength(1);
    expect(merged.components?.schemas?.Money).toEqual({ type: 'number' });
    expect(merged.tags?.map((tag) => tag.name)).toEqual(['gateway', 'auth', 'catalog', 'esim']);
    expect(merged.tags?.find((tag) => tag.name === 'esim')?.description).toContain('unreachable');
    expect((merged as unknown as { 'x-services': unknown })['x-services']).toEqual({
      auth: 'up',
      catalog: 'up',
      esim: 'unavailable',
    });
    expect(merged.servers).toEqual([{ url: '/' }]);
  });
});
