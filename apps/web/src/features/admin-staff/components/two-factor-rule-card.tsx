/**
 * Who must sign in with two factors (the shop's `require2fa`: nobody, the Owners, every
 * member), changed with staff.manage. Members it covers who have not set it up are held at
 * Sign-in security until they do, the one saving it too.
 */
import { REQUIRE_2FA, type Require2fa } from '@shop/shared/two-factor';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { buttonClass, Card, ErrorNotice } from '@/components/admin/ui.tsx';
import { saveSettingsMutation, settingsOptions } from '@/lib/api/settings.ts';
import { notify } from '@/lib/notify.tsx';

const CHOICES: Record<Require2fa, { label: string; hint: string }> = {
  none: { label: 'Nobody has to', hint: 'Each member chooses on their Sign-in security page.' },
  owners: { label: 'Owners must', hint: 'Members with the Owner role sign in with a code from their phone.' },
  all_staff: { label: 'All staff must', hint: 'Every member signs in with a code from their phone.' },
};

export function TwoFactorRuleCard() {
  const settings = useQuery(settingsOptions);
  const saved = settings.data?.require2fa;
  return (
    <Card>
      <h2 className="mb-1 text-base font-semibold">Two-factor sign-in</h2>
      <p className="mb-4 text-sm text-neutral-700">
        Who must sign in with a code from an authenticator app as well as a password. Until they have set it up, the back office
        stays closed to them but for their Sign-in security page.
      </p>
      {settings.isPending ? <p className="text-sm text-neutral-600">Loading...</p> : null}
      {settings.error ? <ErrorNotice>{settings.error.message}</ErrorNotice> : null}
      {settings.data && !saved ? (
        <p className="text-sm text-neutral-700">Reading this setting needs the permission to change the shop’s settings.</p>
      ) : null}
      {saved ? <RuleForm key={saved} saved={saved} /> : null}
    </Card>
  );
}

function RuleForm({ saved }: { saved: Require2fa }) {
  const id = useId();
  const [choice, setChoice] = useState<Require2fa>(saved);
  const save = useMutation(saveSettingsMutation);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { require2fa: choice },
      { onSuccess: () => notify.success('Saved: who must use two-factor sign-in', { area: 'admin' }) },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <fieldset>
        <legend className="sr-only">Who must use two-factor sign-in</legend>
        <div className="space-y-3">
          {REQUIRE_2FA.map((value) => (
            <div key={value} className="flex items-start gap-2">
              <input
                id={`${id}-${value}`}
                type="radio"
                name="require2fa"
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
                aria-describedby={`${id}-${value}-hint`}
                className="mt-0.5 h-4 w-4 accent-neutral-900"
              />
              <label htmlFor={`${id}-${value}`} className="text-sm">
                <span className="font-medium text-neutral-900">{CHOICES[value].label}</span>
                <span id={`${id}-${value}-hint`} className="block text-xs text-neutral-600">
                  {CHOICES[value].hint}
                </span>
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      {save.error ? <ErrorNotice>{save.error.message}</ErrorNotice> : null}
      <button type="submit" className={buttonClass.primary} disabled={save.isPending || choice === saved}>
        {save.isPending ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}
