/**
 * A manager's approval of a till sale's refund, for a member whose role's till refund policy
 * is `approval`: the manager beside them picks their name (GET /api/pos/approvers lists the
 * members whose role may refund and who have a PIN) and types their PIN. The order's refund
 * form sends it as POST /api/pos/approvals for this order and amount, then the refund with the
 * approval's id; the server checks both (staff/approvals.ts), so this is the way, not the rule.
 */
import type { Approvers } from '@shop/shared/staff';
import { STAFF_PIN } from '@shop/shared/staff';
import { useId } from 'react';
import { errorProps, Field, inputClass } from '@/components/admin/ui.tsx';

export interface ManagerPin {
  managerId: string;
  pin: string;
}

/** What is wrong with the approval as typed, or null when it can be sent. */
export function managerPinProblem({ managerId, pin }: ManagerPin): { managerId?: string; pin?: string } | null {
  const problems = {
    ...(managerId ? {} : { managerId: 'Choose the manager who approves' }),
    ...(STAFF_PIN.test(pin) ? {} : { pin: 'A PIN is 4 to 6 digits' }),
  };
  return Object.keys(problems).length > 0 ? problems : null;
}

export function RefundApproval({
  approvers,
  value,
  onChange,
  problems,
}: {
  approvers: Approvers['approvers'];
  value: ManagerPin;
  onChange(next: ManagerPin): void;
  problems: { managerId?: string; pin?: string } | null;
}) {
  const id = useId();
  const managerId = `${id}-manager`;
  const pinId = `${id}-pin`;
  if (approvers.length === 0)
    return (
      <p role="alert" className="text-sm text-red-700">
        A manager must approve this refund, and nobody who may approve has a PIN yet: ask the Owner to set one on the Staff page.
      </p>
    );
  return (
    <fieldset className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-3">
      <legend className="px-1 text-sm font-medium text-neutral-900">A manager’s approval</legend>
      <p className="text-xs text-neutral-700">Your role refunds a till sale with a manager’s PIN, typed by the manager.</p>
      <Field label="Manager" htmlFor={managerId} error={problems?.managerId}>
        <select
          id={managerId}
          className={inputClass}
          value={value.managerId}
          onChange={(e) => onChange({ ...value, managerId: e.target.value })}
          {...errorProps(managerId, problems?.managerId)}
        >
          <option value="">Choose…</option>
          {approvers.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name} ({a.roleName})
            </option>
          ))}
        </select>
      </Field>
      <Field label="Manager’s PIN" htmlFor={pinId} error={problems?.pin}>
        <input
          id={pinId}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          className={`${inputClass} max-w-32`}
          value={value.pin}
          onChange={(e) => onChange({ ...value, pin: e.target.value.trim() })}
          {...errorProps(pinId, problems?.pin)}
        />
      </Field>
    </fieldset>
  );
}
