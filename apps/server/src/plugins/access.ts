/**
 * Who may call a route. Every route under /api declares a policy in `config.access`; a route without one
 * stops the app from starting, so nothing is ever exposed by omission.
 */
import type { RoleName, Text } from '@parcelops/shared';
import type { Actor } from '../lib/account-scope.ts';

// The caller's type lives with the account-scope rule; importing it from here keeps working.
export type { Actor } from '../lib/account-scope.ts';

export type AccessPolicy =
  | { kind: 'public' }
  | {
      kind: 'roles';
      roles: readonly RoleName[];
      /** An API key acts as an account user; false keeps keys off routes that manage people and keys. */
      apiKey: boolean;
      /** While force_change is set, a session may call only routes marked with this. */
      duringPasswordChange: boolean;
      /** The 403 message for roles outside the list (the spec words some of them). */
      deniedMessage?: Text;
    };

interface RolesOptions {
  apiKey?: boolean;
  duringPasswordChange?: boolean;
  deniedMessage?: Text;
}

export const access = {
  public: { kind: 'public' } as AccessPolicy,
  roles(roles: readonly RoleName[], options: RolesOptions = {}): AccessPolicy {
    return {
      kind: 'roles',
      roles,
      apiKey: options.apiKey ?? roles.includes('account'),
      duringPasswordChange: options.duringPasswordChange ?? false,
      deniedMessage: options.deniedMessage,
    };
  },
  /** Anyone signed in; what they may touch is then decided by the service against their account. */
  signedIn(options: RolesOptions = {}): AccessPolicy {
    return access.roles(['account', 'operator', 'admin'], options);
  },
  admin(deniedMessage?: Text): AccessPolicy {
    return access.roles(['admin'], { deniedMessage });
  },
  /** Hub work (product decisions): admins and operators at a hub; account users and API keys are refused. */
  hub(): AccessPolicy {
    return access.roles(['admin', 'operator'], { apiKey: false });
  },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessPolicy;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** The signed-in caller of a route whose policy is not public (the auth hook has already checked). */
export function actorOf(request: { actor: Actor | null }): Actor {
  if (!request.actor) throw new Error('actorOf() called on a route without an authenticated caller');
  return request.actor;
}
