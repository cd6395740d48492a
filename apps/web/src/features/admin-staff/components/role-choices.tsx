/**
 * A role's choices: its permissions as checkboxes in their groups, each labelled with the
 * sentence the API gives it (GET /api/permissions, the one a refusal says), and the till's four
 * policies with the discount limit.
 */
import { POS_ACTIONS, POS_POLICIES } from '@shop/shared/staff';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { Card, errorProps, Field, inputClass } from '@/components/admin/ui.tsx';
import { permissionsOptions } from '@/lib/api/staff.ts';
import { PERMISSION_GROUPS, POS_ACTION_LABELS, POS_POLICY_LABELS, type RoleFormValues, sentenceLabel } from '../staff-words.ts';

const boxClass = 'mt-0.5 h-4 w-4 shrink-0 rounded border-neutral-400 accent-neutral-900';

export function PermissionChoices({ register, error }: { register: UseFormRegister<RoleFormValues>; error?: string }) {
  const id = useId();
  const sentences = useQuery(permissionsOptions());
  const sentence = new Map(sentences.data?.map((p) => [p.key, p.sentence]));
  return (
    <Card>
      <h2 className="mb-1 text-base font-semibold">Permissions</h2>
      <p className="mb-4 text-sm text-neutral-700">What members with this role may see and do in the back office.</p>
      {sentences.error ? <p className="mb-3 text-sm text-red-600">{sentences.error.message}</p> : null}
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        {PERMISSION_GROUPS.map((group) => (
          <fieldset key={group.title}>
            <legend className="mb-2 text-sm font-semibold text-neutral-900">{group.title}</legend>
            <div className="space-y-2">
              {group.permissions.map((key) => (
                <div key={key} className="flex items-start gap-2">
                  <input id={`${id}-${key}`} type="checkbox" value={key} className={boxClass} {...register('permissions')} />
                  <label htmlFor={`${id}-${key}`} className="text-sm text-neutral-900">
                    {sentenceLabel(sentence.get(key) ?? key)}
                    <span className="block font-mono text-xs text-neutral-500">{key}</span>
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      {error ? <p className="mt-3 text-sm text-red-600">{error}</p> : null}
    </Card>
  );
}

export function PosPolicyChoices({ register, limitError }: { register: UseFormRegister<RoleFormValues>; limitError?: string }) {
  const id = useId();
  const limitId = `${id}-limit`;
  return (
    <Card>
      <h2 className="mb-1 text-base font-semibold">At the till</h2>
      <p className="mb-4 text-sm text-neutral-700">
        For each action: allowed, allowed once a manager types their PIN, or not allowed.
      </p>
      <div className="space-y-4">
        {POS_ACTIONS.map((action) => (
          <fieldset key={action}>
            <legend className="mb-1 text-sm font-medium text-neutral-900">{POS_ACTION_LABELS[action]}</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {POS_POLICIES.map((policy) => (
                <label key={policy} className="flex items-center gap-2 text-sm text-neutral-900">
                  <input type="radio" value={policy} className="h-4 w-4 accent-neutral-900" {...register(`pos.${action}`)} />
                  {POS_POLICY_LABELS[policy]}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <Field
          label="Discount limit (%)"
          htmlFor={limitId}
          error={limitError}
          hint="The biggest discount on a line a member gives without a manager's PIN."
        >
          <input
            id={limitId}
            inputMode="numeric"
            autoComplete="off"
            className={`${inputClass} max-w-28`}
            {...errorProps(limitId, limitError)}
            {...register('discountLimitPercent')}
          />
        </Field>
      </div>
    </Card>
  );
}
