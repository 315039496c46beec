/** What the user form holds and how it becomes the wire payload; field names mirror the wire's. */
import { type CreateUserInput, Role, type UpdateUserInput, type User } from '@parcelops/shared';

export interface UserFormValues {
  username: string;
  role: Role;
  account_sid: string | null;
  /** Asked when adding a user. */
  initial_password: string;
  /** Optional when an admin edits a user; setting it makes the user choose their own at next sign-in. */
  password: string;
}

/** A new user belongs to an account by default, the adding account user's own when they are one. */
export function userFormValues(user: User | undefined, viewerAccountSid: string | null): UserFormValues {
  return {
    username: user?.username ?? '',
    role: user?.role ?? Role.account,
    account_sid: user ? user.account_sid : viewerAccountSid,
    initial_password: '',
    password: '',
  };
}

export function createUserPayload(values: UserFormValues): CreateUserInput {
  return {
    username: values.username,
    role: values.role,
    account_sid: values.account_sid,
    initial_password: values.initial_password,
  };
}

/** An account user may change only the username; role and account are theirs to keep (spec §6 account). */
export function updateUserPayload(values: UserFormValues, isAdmin: boolean): UpdateUserInput {
  if (!isAdmin) return { username: values.username };
  return {
    username: values.username,
    role: values.role,
    account_sid: values.account_sid,
    ...(values.password && { password: values.password }),
  };
}
