/** Accounts: the back office's user list, and the account functions sign-in, the seed and the CLI use. */
export { default as userRoutes } from './routes.ts';
export {
  findUserByEmail,
  findUserById,
  insertAccountsWithoutPassword,
  insertUser,
  makeStaff,
  revokeTokens,
  setPassword,
  recordSignIn,
  toAuthUser,
  updateProfile,
  updateStaffMember,
  upsertAdmin,
} from './service.ts';
