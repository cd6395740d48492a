/**
 * The shop's rule on two-factor sign-in (`require2fa` in its settings): `owners` (members whose
 * role is the Owner template), `all_staff`, or `none`. Until a member the rule covers has
 * turned it on, every guarded route answers 403 "Set up two-factor sign-in first", except the
 * ones they need to do it and to leave: who they are, signing out, and the two-factor routes.
 * A hook of `app.staffChecks` (plugins/auth.ts), so it runs for every signed-in staff request,
 * the original back office's included.
 */
import { TWO_FACTOR_MESSAGES } from '@shop/shared';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { getSettings, settingsDefaults } from '../content/index.ts';
import type { Db } from '../db/client.ts';
import { forbidden } from '../lib/http-error.ts';
import type { TwoFactor } from './two-factor.ts';

const OPEN = new Set(['/api/auth/me', '/api/auth/logout']);
const isOpen = (url: string) => OPEN.has(url) || url.startsWith('/api/auth/2fa/');

export function twoFactorRequirement(db: Db, config: Pick<Config, 'require2fa'>, twoFactor: TwoFactor) {
  const defaults = settingsDefaults(config);
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.staff || isOpen(request.routeOptions.url ?? '')) return;
    const { require2fa } = await getSettings(db, defaults);
    if (require2fa === 'none' || (require2fa === 'owners' && request.staff.role.template !== 'owner')) return;
    if (!(await twoFactor.isOn(db, request.user!.id))) throw forbidden(TWO_FACTOR_MESSAGES.setUpFirst);
  };
}
