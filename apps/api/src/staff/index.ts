/** Staff: roles, members, invitations, PINs and the till's approvals. */
export { default as staffRoutes } from './routes.ts';
export { tillRefundCheck } from './approvals.ts';
export { ensurePin, setPin } from './pins.ts';
export {
  createRole,
  deleteRole,
  findRole,
  findRoleByTemplate,
  listRoles,
  type StaffRole,
  toStaffRole,
  updateRole,
} from './roles.ts';
