/** Staff: roles, and (as the staff issue lands) invitations, PINs and approvals. */
export { default as staffRoutes } from './routes.ts';
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
