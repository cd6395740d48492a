/** The one refusal for a missing permission: 403 `{msg: "You don't have permission to …", permission}`. */
import { type Permission, permissionRefusal } from '@shop/shared';
import { HttpError } from './http-error.ts';

export const refuse = (permission: Permission) =>
  new HttpError(403, permissionRefusal(permission), undefined, undefined, { permission });
