/** Applies roles, policies, their links and permissions; removes stray rules of our own policies only. */
import { POLICIES, ROLE_DEFS, type PermissionDef } from '../access/policies.ts';
import { AdminApi, covers } from './admin-api.ts';

interface Permission extends PermissionDef { id: number; policy: string }

export async function applyAccess(api: AdminApi): Promise<void> {
  const policyIds = POLICIES.map((p) => p.id);
  const roleIds = ROLE_DEFS.map((r) => r.id);

  const policies = new Map((await api.get<any[]>(`/policies?limit=-1&fields=*`)).map((p) => [p.id, p]));
  for (const { permissions: _p, ...policy } of POLICIES) {
    const have = policies.get(policy.id);
    const wanted = policy.id === POLICIES[0].id ? { description: policy.description } : { ...policy, enforce_tfa: false, ip_access: null };
    if (!have) await api.post('/policies', { ...wanted, id: policy.id });
    else if (!covers(have, wanted)) await api.patch(`/policies/${policy.id}`, wanted);
  }

  const roles = new Map((await api.get<any[]>(`/roles?limit=-1&fields=id,name,icon,description`)).map((r) => [r.id, r]));
  for (const { policies: _links, ...role } of ROLE_DEFS) {
    const have = roles.get(role.id);
    if (!have) await api.post('/roles', role);
    else if (!covers(have, role)) await api.patch(`/roles/${role.id}`, role);
  }

  const links = await api.get<{ id: string; role: string; policy: string }[]>(
    `/access?limit=-1&fields=id,role,policy&filter[role][_in]=${roleIds.join(',')}`,
  );
  for (const role of ROLE_DEFS) {
    for (const [sort, policy] of role.policies.entries()) {
      if (!links.some((l) => l.role === role.id && l.policy === policy)) await api.post('/access', { role: role.id, policy, sort: sort + 1 });
    }
  }
  for (const link of links) {
    const role = ROLE_DEFS.find((r) => r.id === link.role);
    if (role && !role.policies.includes(link.policy as never)) await api.delete(`/access/${link.id}`);
  }

  const existing = await api.get<Permission[]>(`/permissions?limit=-1&filter[policy][_in]=${policyIds.join(',')}`);
  const byKey = new Map(existing.map((p) => [key(p.policy, p), p]));
  const wantedKeys = new Set<string>();
  for (const policy of POLICIES) {
    for (const perm of policy.permissions) {
      const k = key(policy.id, perm);
      if (wantedKeys.has(k)) throw new Error(`Two rules for ${k}: merge them or use another policy`);
      wantedKeys.add(k);
      const body = { permissions: null, validation: null, presets: null, ...perm, policy: policy.id };
      const have = byKey.get(k);
      if (!have) await api.post('/permissions', body);
      else if (!covers(have as unknown as Record<string, unknown>, body)) await api.patch(`/permissions/${have.id}`, body);
    }
  }
  for (const [k, perm] of byKey) if (!wantedKeys.has(k)) await api.delete(`/permissions/${perm.id}`);
}

function key(policy: string, p: { collection: string; action: string }): string {
  return `${policy}|${p.collection}|${p.action}`;
}
