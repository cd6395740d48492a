/** A <select> of the shop's roles, by id, with a first option of its own (a prompt, or the current role while they load). */
import type { RoleView } from '@shop/shared/staff';
import type { ComponentProps } from 'react';
import { inputClass } from '@/components/admin/ui.tsx';

interface RoleSelectProps extends Omit<ComponentProps<'select'>, 'children'> {
  roles: RoleView[];
  /** An option before the roles: "Choose a role" (value ''), or the member's role until the list has come. */
  first?: { value: string; label: string };
}

export function RoleSelect({ roles, first, className = inputClass, ...props }: RoleSelectProps) {
  return (
    <select className={className} {...props}>
      {first ? <option value={first.value}>{first.label}</option> : null}
      {roles.map((role) => (
        <option key={role.id} value={role.id}>
          {role.name}
        </option>
      ))}
    </select>
  );
}
