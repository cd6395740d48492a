/** Accounts: the back office's user list, and the account functions sign-in, the seed and the CLI use. */
export { default as userRoutes } from './routes.ts';
export {
  findUserByEmail,
  findUserById,
  insertAccountsWithoutPassword,
  insertUser,
  revokeTokens,
  setPassword,
  recordSignIn,
  toAuthUser,
  updateProfile,
  upsertAdmin,
} from './service.ts';
