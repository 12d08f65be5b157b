import { describe, expect, it } from 'vitest';
import { canAccess, PERMISSIONS, roleOf, ROLES, type Resource } from '../src/roles';

describe('roleOf', () => {
  it('maps user_type when no role list is given', () => {
    expect(roleOf({ user_type: 1 })).toBe('user');
    expect(roleOf({ user_type: 2 })).toBe('user');
    expect(roleOf({ user_type: 3 })).toBe('admin');
    expect(roleOf({ user_type: 4 })).toBe('sales-manager');
  });

  it('prefers a known role from the role list', () => {
    expect(roleOf({ user_type: 1, role: ['admin'] })).toBe('admin');
    expect(roleOf({ user_type: 3, role: ['unknown-role'] })).toBe('admin');
  });
});

describe('canAccess: the permission table', () => {
  const table: Array<[Resource, string[]]> = [
    ['dashboard', ['admin', 'user']],
    ['esim-orders', ['admin', 'user']],
    ['balance', ['admin', 'user']],
    ['transactions', ['admin', 'user']],
    ['price-list', ['admin', 'user']],
    ['settings', ['admin', 'user']],
    ['physical-sim-purchase', ['user']],
    ['physical-sim-stock', ['user']],
    ['physical-sim-return', ['user']],
    ['statements', ['user']],
    ['admin/dealers', ['admin']],
    ['admin/sales-managers', ['admin']],
    ['admin/collection-logs', ['admin']],
    ['admin/physical-sim-import', ['admin']],
    ['admin/physical-sim-orders', ['admin']],
    ['admin/physical-sim-returns', ['admin']],
    ['admin/physical-sim-stock', ['admin']],
    ['admin/shop-settings', ['admin']],
    ['sales-manager/dealers', ['sales-manager']],
    ['sales-manager/dealer-pricing', ['sales-manager']],
    ['sales-manager/collection', ['sales-manager']],
    ['profile', ['admin', 'sales-manager', 'user']],
  ];

  it.each(table)('%s is allowed for exactly %j', (resource, allowed) => {
    for (const role of ROLES) {
      expect(canAccess(role, resource, 'read'), `${role} on ${resource}`).toBe(allowed.includes(role));
      expect(canAccess(role, resource, 'create'), `${role} creating ${resource}`).toBe(allowed.includes(role));
    }
  });

  it('denies unknown resources and anonymous callers', () => {
    expect(canAccess('admin', 'no-such-resource')).toBe(false);
    expect(canAccess(null, 'dashboard')).toBe(false);
    expect(Object.keys(PERMISSIONS).length).toBeGreaterThan(20);
  });
});
